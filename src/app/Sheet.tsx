import { type ReactNode, useEffect, useRef } from 'react'

/**
 * A modal <dialog>: the browser gives focus trapping, Escape to close and the backdrop.
 * `variant` "sheet" slides up from the bottom; "dialog" is a centred card.
 */
export function Modal({
  open,
  onClose,
  variant,
  labelledBy,
  testId,
  children,
}: {
  open: boolean
  onClose: () => void
  variant: 'sheet' | 'dialog'
  labelledBy: string
  testId?: string
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className={`modal modal--${variant}`}
      aria-labelledby={labelledBy}
      data-testid={testId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, not on its content.
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="modal-body">{children}</div>
    </dialog>
  )
}
