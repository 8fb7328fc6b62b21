import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react'

type Question = { text: string; action: string; danger: boolean; resolve: (ok: boolean) => void }

/**
 * An in-page "are you sure?" instead of window.confirm: a modal <dialog>, so the browser keeps
 * focus inside it, Escape cancels, and focus returns to the button that asked. `confirm` resolves
 * true only when the operator chose the action; render `dialog` once in the component.
 */
export function useConfirm(): { confirm: (text: string, action: string, options?: { danger?: boolean }) => Promise<boolean>; dialog: ReactNode } {
  const [question, setQuestion] = useState<Question | null>(null)
  const confirm = useCallback(
    (text: string, action: string, options: { danger?: boolean } = {}) =>
      new Promise<boolean>((resolve) => setQuestion({ text, action, danger: options.danger ?? false, resolve })),
    [],
  )
  const dialog = question && (
    <ConfirmDialog
      question={question}
      onDone={(ok) => {
        question.resolve(ok)
        setQuestion(null)
      }}
    />
  )
  return { confirm, dialog }
}

function ConfirmDialog({ question, onDone }: { question: Question; onDone: (ok: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  return (
    // Closed by its form (the button's value becomes returnValue) or by Escape (returnValue stays '').
    <dialog ref={ref} className="admin-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onClose={(e) => onDone(e.currentTarget.returnValue === 'ok')} data-testid="confirm-dialog">
      <form method="dialog">
        <h2 id={`${id}-title`}>Please confirm</h2>
        <p id={`${id}-text`}>{question.text}</p>
        <div className="admin-dialog-actions">
          {/* Focus starts on the safe choice. */}
          <button type="submit" value="cancel" autoFocus data-testid="confirm-cancel">
            Go back
          </button>
          <button type="submit" value="ok" className={question.danger ? 'danger' : 'primary'} data-testid="confirm-ok">
            {question.action}
          </button>
        </div>
      </form>
    </dialog>
  )
}
