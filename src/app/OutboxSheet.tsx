import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type OutboxItem, type OutboxState } from '../data/db'
import { confirmHeld, discard, retryItem } from '../data/outbox'
import { outboxKind } from '../data/outboxKinds'
import { translateRefusal } from '../i18n/serverMessages'
import { formatDateTime } from '../lib/dates'
import { Modal } from './Sheet'
import { HeldOrderNote, QueuedOrderLine } from '../features/trade/QueuedOrders'

const STATE_NAMES: Record<OutboxState, MessageDescriptor> = {
  queued: msg`Waiting to send`,
  sending: msg`Sending…`,
  done: msg`Sent`,
  failed: msg`Failed`,
  held: msg`Needs your confirmation`,
}

/**
 * The list behind the outbox badge: what is waiting, what failed and why, with Discard / Retry;
 * a held market order (it waited too long) with Confirm at the current price / Discard.
 */
export function OutboxSheet({ items, onClose }: { items: OutboxItem[]; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  return (
    <Modal open onClose={onClose} variant="sheet" labelledBy={titleId} testId="outbox-sheet">
      <div className="sheet-head">
        <h2 id={titleId} className="modal-title"><Trans>Pending requests</Trans></h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
      <p className="sheet-note">
        <Trans>Requests made offline are sent when the connection is back. Each is sent once, even if retried.</Trans>
      </p>
      {items.length === 0 ? (
        <p className="empty"><Trans>Nothing is waiting.</Trans></p>
      ) : (
        <ul className="outbox-list">
          {items.map((item) => {
            // Each kind's label is declared with it; "Request" only for an older app's kind.
            const kind = outboxKind(item.kind)?.label
            const created = formatDateTime(item.createdAt)
            return (
              <li key={item.key} className="outbox-item" data-testid="outbox-item" data-state={item.state}>
                <div className="outbox-item-main">
                  <span className="outbox-item-kind">{kind ? i18n._(kind) : t`Request`}</span>
                  <span className="outbox-item-time">{created}</span>
                </div>
                <span className={`pill pill--${item.state === 'held' ? 'queued' : item.state}`}>{i18n._(STATE_NAMES[item.state])}</span>
                <QueuedOrderLine item={item} />
                {item.state === 'failed' && item.error ? (
                  <p className="outbox-item-error">{translateRefusal(item.error)}</p>
                ) : null}
                {item.state === 'held' ? <HeldOrderNote item={item} /> : null}
                <div className="outbox-item-actions">
                  {item.state === 'failed' ? (
                    <button type="button" className="btn btn--small btn--primary" onClick={() => void retryItem(item.key)}>
                      <Trans>Retry</Trans>
                    </button>
                  ) : null}
                  {item.state === 'held' ? (
                    <button type="button" className="btn btn--small btn--primary" data-testid="outbox-confirm" onClick={() => void confirmHeld(item.key)}>
                      <Trans>Confirm</Trans>
                    </button>
                  ) : null}
                  {/* A request on its way cannot be taken back (discard refuses it): no button. */}
                  {item.state !== 'sending' ? (
                    <button type="button" className="btn btn--small btn--ghost" onClick={() => void discard(item.key)}>
                      <Trans>Discard</Trans>
                    </button>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </Modal>
  )
}
