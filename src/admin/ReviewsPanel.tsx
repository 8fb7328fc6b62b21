import { useState } from 'react'
import type { ReviewItem, ReviewQueueSummary } from '../contract/admin-replies'
import type { ReviewStatus } from '../contract/replies'
import { Evidence } from './Evidence'
import { factLabel, factText, when } from './format'
import { STATUS_LABELS, labelOf } from './labels'
import { adminCall, errorText } from './session'
import { useConfirm } from './useConfirm'
import { useAdminQuery } from './useAdminQuery'

/** The review queues: pending requests oldest first, each with its facts, evidence and decision. */
export function ReviewsPanel() {
  const kinds = useAdminQuery<{ data: ReviewQueueSummary[] }>('/reviews/kinds', {})
  const [kind, setKind] = useState('real_name')
  const [status, setStatus] = useState<ReviewStatus>('pending')
  const items = useAdminQuery<{ data: ReviewItem[] }>('/reviews/list', { kind, status })
  const reload = () => {
    kinds.reload()
    items.reload()
  }

  return (
    <section>
      <div className="admin-tabs">
        {kinds.data?.data.map((k) => (
          <button key={k.kind} type="button" className={k.kind === kind ? 'active' : ''} onClick={() => setKind(k.kind)} data-testid={`queue-${k.kind}`}>
            {k.title} <span className="admin-count">{k.pending}</span>
          </button>
        ))}
        <select value={status} onChange={(e) => setStatus(e.target.value as ReviewStatus)} aria-label="Status">
          <option value="pending">Pending</option>
          <option value="approved">Approved</option>
          <option value="rejected">Rejected</option>
        </select>
        <button type="button" onClick={reload}>
          Refresh
        </button>
      </div>
      {kinds.error && <p className="admin-error">{kinds.error}</p>}
      {items.error && <p className="admin-error">{items.error}</p>}
      {items.loading && !items.data && <p className="admin-muted">Loading…</p>}
      {items.data?.data.length === 0 && <p className="admin-muted" data-testid="queue-empty">Nothing here.</p>}
      {items.data?.data.map((item) => <ReviewCard key={`${kind}:${item.id}`} kind={kind} item={item} onDecided={reload} />)}
    </section>
  )
}

function ReviewCard({ kind, item, onDecided }: { kind: string; item: ReviewItem; onDecided: () => void }) {
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { confirm, dialog } = useConfirm()

  const decide = async (approve: boolean) => {
    if (!approve && reason.trim() === '') {
      setError('Write the reason the user will see before rejecting.')
      return
    }
    const sure = await confirm(`${approve ? 'Approve' : 'Reject'} request #${item.id} of ${item.account}? A decision is final.`, approve ? 'Approve' : 'Reject', { danger: !approve })
    if (!sure) return
    setBusy(true)
    setError(null)
    adminCall('/reviews/decide', { kind, id: item.id, approve, ...(reason.trim() ? { reason: reason.trim() } : {}) }).then(onDecided, (e: unknown) => {
      setError(errorText(e))
      setBusy(false)
    })
  }

  return (
    <article className="admin-card" data-testid="review-item" data-account={item.account}>
      <header>
        <strong>{item.account}</strong> · #{item.id} · sent {when(item.createdAt)}
        {item.status !== 'pending' && (
          <span className="admin-muted">
            {' '}
            · {labelOf(STATUS_LABELS, item.status)} by {item.decidedBy} {when(item.decidedAt)}
            {item.reason ? ` — ${item.reason}` : ''}
          </span>
        )}
      </header>
      <dl className="admin-facts">
        {Object.entries(item.facts).map(([key, value]) => (
          <div key={key}>
            <dt>{factLabel(key)}</dt>
            <dd>{factText(key, value)}</dd>
          </div>
        ))}
      </dl>
      {item.evidence.length > 0 && <Evidence ids={item.evidence} />}
      {item.status === 'pending' && (
        <div className="admin-decide">
          <textarea value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Reason the user will see (required to reject)" maxLength={500} />
          <button type="button" disabled={busy} onClick={() => void decide(true)} data-testid="approve">
            Approve
          </button>
          <button type="button" disabled={busy} onClick={() => void decide(false)} className="danger" data-testid="reject">
            Reject
          </button>
        </div>
      )}
      {error && <p className="admin-error">{error}</p>}
      {dialog}
    </article>
  )
}
