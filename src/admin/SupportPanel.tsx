import { useState } from 'react'
import type { SupportAdminPage, SupportAdminThread, SupportAdminThreadDetail } from '../contract/admin-replies'
import type { SupportStatus } from '../contract/replies'
import { Evidence } from './Evidence'
import { when } from './format'
import { labelOf } from './labels'
import { adminCall, errorText } from './session'
import { useAdminQuery } from './useAdminQuery'
import { useConfirm } from './useConfirm'

const TOPICS: Record<SupportAdminThread['topic'], string> = {
  general: 'Question',
  complaint: 'Complaint',
  login_banned: 'Cannot log in (guest)',
  password_reset: 'Password reset (guest)',
}

const PAGE_SIZE = 50

/**
 * Customer service: threads by status with the user's unread messages, one thread with its
 * messages and pictures, reply, close, and for a guest's password reset whose name and PAN
 * matched the verified record, allowing one new password (the guest sets it; nobody here can).
 */
export function SupportPanel() {
  const [status, setStatus] = useState<SupportStatus | 'all'>('open')
  const [open, setOpen] = useState<number | null>(null)
  const list = useAdminQuery<SupportAdminPage>('/support/list', { ...(status === 'all' ? {} : { status }), page: 1, size: PAGE_SIZE })

  if (open !== null) {
    return (
      <SupportThreadView
        id={open}
        onBack={() => {
          setOpen(null)
          list.reload()
        }}
      />
    )
  }
  return (
    <section>
      <div className="admin-tabs">
        <select value={status} onChange={(e) => setStatus(e.target.value as SupportStatus | 'all')} aria-label="Status" data-testid="support-status">
          <option value="open">Open</option>
          <option value="answered">Answered</option>
          <option value="closed">Closed</option>
          <option value="all">All</option>
        </select>
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
        {list.data && <span className="admin-muted">{list.data.total} threads</span>}
      </div>
      {list.error && <p className="admin-error">{list.error}</p>}
      {list.loading && !list.data && <p className="admin-muted">Loading…</p>}
      {list.data?.data.length === 0 && <p className="admin-muted" data-testid="support-empty">Nothing here.</p>}
      {list.data?.data.map((thread) => (
        <article key={thread.id} className="admin-card" data-testid="support-admin-thread" data-id={thread.id} data-account={thread.account ?? ''}>
          <header>
            <strong>{thread.account ?? 'unknown'}</strong> · #{thread.id} · {TOPICS[thread.topic]} · {labelOf({}, thread.status)} · updated {when(thread.updatedAt)}
            {thread.operatorUnread > 0 && <span className="admin-count"> {thread.operatorUnread} unread</span>}
          </header>
          {thread.lastMessage && (
            <p className="admin-muted">
              {thread.lastMessage.author === 'operator' ? 'Operator' : 'User'}: {thread.lastMessage.body.slice(0, 160)}
            </p>
          )}
          <button type="button" onClick={() => setOpen(thread.id)} data-testid="support-admin-open">
            Open
          </button>
        </article>
      ))}
    </section>
  )
}

function SupportThreadView({ id, onBack }: { id: number; onBack: () => void }) {
  const detail = useAdminQuery<SupportAdminThreadDetail>('/support/thread', { id })
  const [reply, setReply] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const thread = detail.data?.thread
  const { confirm, dialog } = useConfirm()

  const act = async (path: string, body: object, ask?: { text: string; action: string }) => {
    if (ask && !(await confirm(ask.text, ask.action))) return
    setBusy(true)
    setError(null)
    adminCall(path, body).then(
      () => {
        setBusy(false)
        setReply('')
        detail.reload()
      },
      (e: unknown) => {
        setError(errorText(e))
        setBusy(false)
      },
    )
  }

  return (
    <section data-testid="support-admin-detail">
      <p>
        <button type="button" onClick={onBack}>
          ← All threads
        </button>
      </p>
      {detail.error && <p className="admin-error">{detail.error}</p>}
      {!thread ? (
        <p className="admin-muted">Loading…</p>
      ) : (
        <article className="admin-card">
          <header>
            <strong>{thread.account ?? 'unknown'}</strong> · #{thread.id} · {TOPICS[thread.topic]} · {labelOf({}, thread.status)} · opened {when(thread.createdAt)}
            {thread.guest && <span className="admin-muted"> · guest (not signed in)</span>}
          </header>
          {thread.topic === 'password_reset' && (
            <dl className="admin-facts">
              <div>
                <dt>Name and PAN match the verified record</dt>
                <dd data-testid="support-identity-matched">{thread.identityMatched === null ? 'not checked' : thread.identityMatched ? 'yes' : 'no'}</dd>
              </div>
              <div>
                <dt>Reset</dt>
                <dd>
                  {thread.resetUsedAt !== null
                    ? `used ${when(thread.resetUsedAt)}`
                    : thread.resetGrantedUntil !== null
                      ? `allowed until ${when(thread.resetGrantedUntil)}`
                      : 'not allowed'}
                </dd>
              </div>
            </dl>
          )}
          <ol className="admin-messages">
            {detail.data?.messages.map((m) => (
              <li key={m.id} data-testid="support-admin-message" data-author={m.author}>
                <strong>{m.author === 'operator' ? `Operator ${m.operator ?? ''}` : 'User'}</strong> · {when(m.createdAt)}
                <p style={{ whiteSpace: 'pre-wrap' }}>{m.body}</p>
                {m.uploadIds.length > 0 && <Evidence ids={m.uploadIds} />}
              </li>
            ))}
          </ol>
          {thread.status !== 'closed' && (
            <>
              <textarea className="admin-reply" value={reply} onChange={(e) => setReply(e.target.value)} rows={4} aria-label="Reply to the user" placeholder="Reply to the user" data-testid="support-admin-reply-body" />
              <p>
                <button type="button" disabled={busy || reply.trim() === ''} onClick={() => void act('/support/reply', { id, body: reply.trim() })} data-testid="support-admin-reply">
                  Send reply
                </button>{' '}
                <button type="button" disabled={busy} onClick={() => void act('/support/close', { id }, { text: `Close thread #${id}? The user can still read it.`, action: 'Close thread' })} data-testid="support-admin-close">
                  Close
                </button>{' '}
                {thread.topic === 'password_reset' && thread.identityMatched === true && thread.resetUsedAt === null && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() =>
                      void act('/support/grantReset', { id }, { text: `Allow ${thread.account ?? 'this account'} to set one new password within 24 hours?`, action: 'Allow the reset' })
                    }
                    data-testid="support-admin-grant"
                  >
                    Allow a password reset
                  </button>
                )}
              </p>
            </>
          )}
          {error && <p className="admin-error">{error}</p>}
          {dialog}
        </article>
      )}
    </section>
  )
}
