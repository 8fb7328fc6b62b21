import { useState } from 'react'
import type { UserDetail as UserDetailReply, UserSummary } from '../contract/admin-replies'
import { AdminTable } from './AdminTable'
import { AuditTable } from './AuditPanel'
import { money, when } from './format'
import { LEDGER_REASON_LABELS, STATUS_LABELS, labelOf } from './labels'
import { adminCall, errorText } from './session'
import { useAdminQuery } from './useAdminQuery'

const FLAGS = { frozen: 'Frozen', login_banned: 'Login banned', disabled: 'Disabled', no_trade: 'No trading', no_withdraw: 'No withdrawal' } as const
type Flag = keyof typeof FLAGS


export function UsersPanel() {
  const [query, setQuery] = useState('')
  const [submitted, setSubmitted] = useState<string | null>(null)
  const [userId, setUserId] = useState<number | null>(null)
  const results = useAdminQuery<{ data: UserSummary[] }>('/users/search', { query: submitted ?? '' }, submitted !== null)

  return (
    <section className="admin-users">
      <form
        className="admin-search"
        onSubmit={(e) => {
          e.preventDefault()
          setSubmitted(query.trim())
        }}
      >
        <input value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Mobile number or name" aria-label="Search users" name="query" />
        <button type="submit">Search</button>
      </form>
      {results.error && <p className="admin-error">{results.error}</p>}
      {results.data?.data.length === 0 && <p className="admin-muted">No user matches.</p>}
      {results.data && results.data.data.length > 0 && (
        <AdminTable head={['Account', 'Name', 'Identity', 'Since']}>
          {results.data.data.map((u) => (
            <tr key={u.id} className={u.id === userId ? 'active' : ''} onClick={() => setUserId(u.id)} data-testid="user-row">
              <td>{u.account}</td>
              <td>{u.realName ?? '—'}</td>
              <td>{labelOf(STATUS_LABELS, u.realNameStatus)}</td>
              <td>{when(u.createdAt)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {userId !== null && <UserDetail key={userId} userId={userId} />}
    </section>
  )
}

function UserDetail({ userId }: { userId: number }) {
  const detail = useAdminQuery<UserDetailReply>('/users/detail', { userId })
  const log = useAdminQuery<{ data: Parameters<typeof AuditTable>[0]['rows'] }>('/audit/list', { page: 1, userId })
  if (detail.error) return <p className="admin-error">{detail.error}</p>
  if (!detail.data) return <p className="admin-muted">Loading…</p>
  const d = detail.data
  const changed = () => {
    detail.reload()
    log.reload()
  }
  return (
    <div className="admin-detail" data-testid="user-detail">
      <h2>
        {d.account} <span className="admin-muted">since {when(d.createdAt)}</span>
      </h2>
      <p>
        Identity: <strong>{labelOf(STATUS_LABELS, d.realNameStatus)}</strong>
        {d.realName ? ` (${d.realName})` : ''}
        {d.realNameReason ? ` — ${d.realNameReason}` : ''} · fund password {d.fundPasswordSet ? 'set' : 'not set'} · margin trading {d.marginTrading ? 'on' : 'off'}
      </p>
      <h3>Flags</h3>
      {(Object.keys(FLAGS) as Flag[]).map((flag) => (
        <FlagRow key={flag} userId={userId} flag={flag} reason={d.flags[flag] ?? null} onChanged={changed} />
      ))}
      <h3>Balances</h3>
      <AdminTable head={['Currency', 'Available', 'Frozen']}>
        {d.balances.map((b) => (
          <tr key={b.currency} data-testid="balance-row">
            <td>{b.currency}</td>
            <td>{money(b.available, b.currency)}</td>
            <td>{money(b.frozen, b.currency)}</td>
          </tr>
        ))}
      </AdminTable>
      <h3>Bank cards</h3>
      {d.cards.length === 0 ? <p className="admin-muted">None.</p> : d.cards.map((c) => <p key={c.id}>{`${c.holder} · ${c.bank} · ${c.accountNumber} · ${c.ifsc}`}</p>)}
      <h3>Ledger (latest 100)</h3>
      <AdminTable head={['When', 'Reason', 'Reference', 'Available', 'Frozen']}>
        {d.ledger.map((e) => (
          <tr key={`${e.id}:${e.currency}`} data-testid="ledger-row">
            <td>{when(e.createdAt)}</td>
            <td>{labelOf(LEDGER_REASON_LABELS, e.reason)}</td>
            <td>{e.reference ?? ''}</td>
            <td>{money(e.available, e.currency)}</td>
            <td>{e.frozen !== 0 ? money(e.frozen, e.currency) : ''}</td>
          </tr>
        ))}
      </AdminTable>
      <h3>Orders (latest 100)</h3>
      {d.orders.length === 0 ? (
        <p className="admin-muted">None.</p>
      ) : (
        <AdminTable head={['Order', 'Symbol', 'Side, lots, leverage', 'Status', 'Margin', 'Profit or loss']}>
          {d.orders.map((o) => (
            <tr key={o.id}>
              <td>{o.orderNo}</td>
              <td>{o.symbol}</td>
              <td>{`${labelOf(STATUS_LABELS, o.direction)} ${o.lots} lots ×${o.leverage}`}</td>
              <td>{labelOf(STATUS_LABELS, o.status)}</td>
              <td>{money(o.margin)}</td>
              <td>{o.pnl === null ? '' : money(o.pnl)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <h3>Audit</h3>
      {log.data && <AuditTable rows={log.data.data} />}
    </div>
  )
}

function FlagRow({ userId, flag, reason, onChanged }: { userId: number; flag: Flag; reason: string | null; onChanged: () => void }) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const on = reason !== null
  const change = () => {
    if (text.trim() === '') {
      setError('Write the reason first.')
      return
    }
    setBusy(true)
    setError(null)
    adminCall('/users/flag', { userId, flag, on: !on, reason: text.trim() }).then(
      () => {
        setText('')
        setBusy(false)
        onChanged()
      },
      (e: unknown) => {
        setError(errorText(e))
        setBusy(false)
      },
    )
  }
  return (
    <div className="admin-flag" data-testid={`flag-${flag}`} data-on={on}>
      <span className={on ? 'flag-on' : ''}>
        {FLAGS[flag]}: {on ? `on — ${reason}` : 'off'}
      </span>
      <input value={text} onChange={(e) => setText(e.target.value)} placeholder={on ? 'Reason to clear' : 'Reason (the user sees it)'} maxLength={500} />
      <button type="button" disabled={busy} onClick={change}>
        {on ? 'Clear' : 'Set'}
      </button>
      {error && <span className="admin-error"> {error}</span>}
    </div>
  )
}
