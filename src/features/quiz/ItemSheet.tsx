import { useEffect, useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Modal } from '../../app/Sheet'
import { errorText } from '../../app/errors'
import { useNow } from '../../app/useNow'
import { useOnline } from '../../app/useOnline'
import { type QuizItem, markQuizItemStudied, openQuizItem } from '../../data/quiz'
import { type QuizItemId } from '../../lib/quiz'
import { ITEM_TEXTS, type TaughtNumbers } from './courseware'

/**
 * One lesson in a sheet: its text, and while it is not yet studied, the study clock. Opening the
 * sheet starts the server's clock (/quiz/open); the countdown shown runs from the moment its reply
 * arrived, on this phone's clock, so it never ends before the server's. "Mark as studied" is
 * offered when it reaches zero, and the server decides (it refuses a study too short by its own clock).
 */
export function ItemSheet({
  itemId,
  item,
  minSeconds,
  numbers,
  onClose,
}: {
  itemId: QuizItemId | null
  item: QuizItem | undefined
  minSeconds: number
  numbers: TaughtNumbers | undefined
  onClose: () => void
}) {
  const titleId = useId()
  const { i18n } = useLingui()
  const text = itemId ? ITEM_TEXTS[itemId] : null
  return (
    <Modal open={itemId !== null} onClose={onClose} variant="sheet" labelledBy={titleId} testId="quiz-item-sheet">
      {itemId && text ? (
        <div className="quiz-lesson" data-id={itemId}>
          <h2 id={titleId} className="modal-title">{i18n._(text.title)}</h2>
          {numbers ? text.paragraphs(numbers).map((p) => <p key={p.id}>{i18n._(p)}</p>) : null}
          {/* Remounted per item: each lesson has its own clock. */}
          <StudyClock key={itemId} itemId={itemId} item={item} minSeconds={minSeconds} />
          <button type="button" className="btn btn--ghost btn--block" onClick={onClose} data-testid="quiz-item-close">
            <Trans>Close</Trans>
          </button>
        </div>
      ) : null}
    </Modal>
  )
}

type Clock = { state: 'starting' } | { state: 'running'; since: number } | { state: 'failed'; error: string }

function StudyClock({ itemId, item, minSeconds }: { itemId: QuizItemId; item: QuizItem | undefined; minSeconds: number }) {
  const online = useOnline()
  const studied = item?.studiedAt != null
  const [clock, setClock] = useState<Clock>({ state: 'starting' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const now = useNow(250)

  // Start the server's clock when the lesson opens (and again when the connection comes back).
  useEffect(() => {
    if (studied || !online) return
    let live = true
    openQuizItem(itemId).then(
      () => live && setClock({ state: 'running', since: Date.now() }),
      (e: unknown) => live && setClock({ state: 'failed', error: errorText(e) }),
    )
    return () => {
      live = false
    }
  }, [itemId, studied, online])

  if (studied) {
    return <p className="quiz-studied" data-testid="quiz-item-studied"><Trans>Studied</Trans></p>
  }
  // Offline before the clock started: the lesson reads, and the clock starts once back online.
  const offline = !online && clock.state !== 'running'
  const remaining = clock.state === 'running' ? Math.max(0, Math.ceil(minSeconds - (now - clock.since) / 1000)) : minSeconds

  async function mark() {
    setBusy(true)
    setError(null)
    try {
      await markQuizItemStudied(itemId)
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="quiz-clock" data-testid="quiz-clock" data-state={offline ? 'offline' : clock.state} data-remaining={remaining}>
      {offline ? (
        <p className="muted"><Trans>You are offline. You can read the lesson; its study time starts when you open it online.</Trans></p>
      ) : clock.state === 'failed' ? (
        <p className="form-error">{clock.error}</p>
      ) : remaining > 0 ? (
        <p role="timer" aria-live="off">
          <Trans>Keep this lesson open: it counts as studied in <strong data-testid="quiz-countdown">{remaining}</strong> s.</Trans>
        </p>
      ) : (
        <p><Trans>Time is up. Mark the lesson as studied.</Trans></p>
      )}
      {error ? <p className="form-error" role="alert" data-testid="quiz-study-error">{error}</p> : null}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={clock.state !== 'running' || remaining > 0 || busy}
        onClick={() => void mark()}
        data-testid="quiz-mark-studied"
      >
        <Trans>Mark as studied</Trans>
      </button>
    </div>
  )
}
