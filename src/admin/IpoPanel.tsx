import { useState } from 'react'
import type { IpoAdminIssue } from '../contract/admin-replies'
import type { IpoKind } from '../contract/replies'
import { parseAmount } from '../lib/currency'
import { AdminTable } from './AdminTable'
import { money, when } from './format'
import { labelOf } from './labels'
import { SECTORS } from './sectors'
import { adminCall, errorText } from './session'
import { useAdminQuery } from './useAdminQuery'
import { useConfirm } from './useConfirm'

const TIMES = [
  ['opensAt', 'Window opens'],
  ['closesAt', 'Window closes (T)'],
  ['drawAt', 'Draw (T+1)'],
  ['refundAt', 'Refunds, payment deadline (T+2)'],
  ['listingAt', 'Listing (T+3)'],
] as const

/**
 * New shares: IPOs and placements with their applications by status, a form to create one, and
 * a cancel before the draw. Nothing else: an issue is never edited, and its draw runs by itself at
 * its published time from the seed committed at creation.
 */
export function IpoPanel() {
  const list = useAdminQuery<{ data: IpoAdminIssue[] }>('/ipo/list', {})
  return (
    <section>
      <p className="admin-muted">
        An issue cannot be edited once created, and no one — not an operator either — can choose winners or run a draw early: the server draws at the
        published time from the seed whose commitment is shown below, and anyone can re-run the draw. Only a cancel before the draw is possible.
      </p>
      <div className="admin-tabs">
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
      </div>
      {list.error && <p className="admin-error">{list.error}</p>}
      {list.loading && !list.data && <p className="admin-muted">Loading…</p>}
      {list.data?.data.length === 0 && <p className="admin-muted">No issues yet.</p>}
      {list.data && list.data.data.length > 0 && (
        <AdminTable head={['Kind', 'Symbol', 'Name', 'Stage', 'Price · lot · minimum', 'Window and steps', 'Applications', 'Commitment', '']}>
          {list.data.data.map((issue) => (
            <IssueRow key={issue.id} issue={issue} onChanged={list.reload} />
          ))}
        </AdminTable>
      )}
      <CreateForm onCreated={list.reload} />
    </section>
  )
}

function IssueRow({ issue, onChanged }: { issue: IpoAdminIssue; onChanged: () => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { confirm, dialog } = useConfirm()
  const cancellable = issue.stage === 'upcoming' || issue.stage === 'open' || issue.stage === 'closed'

  const cancel = async () => {
    if (reason.trim() === '') {
      setError('Write the reason applicants will see before cancelling.')
      return
    }
    if (!(await confirm(`Cancel ${issue.symbol}? Blocked money is released and every application ends. This cannot be undone.`, `Cancel ${issue.symbol}`, { danger: true }))) return
    setBusy(true)
    setError(null)
    adminCall('/ipo/cancel', { id: issue.id, reason: reason.trim() }).then(onChanged, (e: unknown) => {
      setError(errorText(e))
      setBusy(false)
    })
  }

  return (
    <tr data-testid="ipo-row" data-symbol={issue.symbol}>
      <td>{issue.kind === 'placement' ? 'Placement' : 'IPO'}</td>
      <td>
        <strong>{issue.symbol}</strong>
        <div className="admin-muted">#{issue.id}</div>
      </td>
      <td>
        {issue.name}
        <div className="admin-muted">
          {issue.sector} · {issue.industry} · by {issue.createdBy}
        </div>
      </td>
      <td>
        {labelOf({}, issue.stage)}
        {issue.cancelReason && <div className="admin-muted">{issue.cancelReason}</div>}
      </td>
      <td>
        {money(issue.price)} · {issue.lotSize} shares · {issue.minLots} to {issue.maxLots} lots
        {issue.minAmount !== null && <div className="admin-muted">tier minimum {money(issue.minAmount)}</div>}
        <div className="admin-muted">
          {issue.allottableLots} lots offered · {issue.paymentMode === 'blocked' ? 'money blocked' : 'pay after winning'}
        </div>
      </td>
      <td className="admin-muted">
        {TIMES.map(([field, label]) => (
          <div key={field}>
            {label}: {when(issue[field])}
          </div>
        ))}
      </td>
      <td>
        {issue.applications} ({issue.appliedLots} lots)
        {Object.entries(issue.byStatus).map(([status, n]) => (
          <div key={status} className="admin-muted">
            {labelOf({}, status)}: {n}
          </div>
        ))}
      </td>
      <td>
        <code title="sha256 of the draw seed, published before the window opens">{issue.commitment.slice(0, 16)}…</code>
      </td>
      <td>
        {cancellable && (
          <div className="admin-decide">
            <textarea value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Reason (required)" maxLength={500} aria-label={`Reason to cancel ${issue.symbol}`} />
            <button type="button" className="danger" disabled={busy} onClick={() => void cancel()} data-testid="ipo-cancel">
              Cancel
            </button>
          </div>
        )}
        {error && <p className="admin-error">{error}</p>}
        {dialog}
      </td>
    </tr>
  )
}

/** A datetime-local value, read in the operator's own time zone, as epoch ms; null when empty. */
function localTime(value: string): number | null {
  if (value === '') return null
  const ms = new Date(value).getTime()
  return Number.isNaN(ms) ? null : ms
}

const whole = (value: FormDataEntryValue | null) => Number(String(value ?? ''))

/** The body /ipo/create takes, or what is wrong with the form. Money typed in rupees becomes paise without floats. */
function newIssueOf(form: FormData, kind: IpoKind): { body: Record<string, unknown> } | { problem: string } {
  const price = parseAmount(String(form.get('price') ?? ''), 2)
  if (price === null || price <= 0) return { problem: 'Write the issue price in rupees, e.g. 245.50.' }
  const freeFloat = parseAmount(String(form.get('freeFloat') ?? ''), 2)
  if (freeFloat === null || freeFloat <= 0 || freeFloat > 10_000) return { problem: 'Write the free float as a percentage above 0 and up to 100.' }
  const body: Record<string, unknown> = {
    kind,
    symbol: String(form.get('symbol') ?? '').trim().toUpperCase(),
    name: String(form.get('name') ?? '').trim(),
    sector: String(form.get('sector') ?? ''),
    industry: String(form.get('industry') ?? '').trim(),
    price,
    lotSize: whole(form.get('lotSize')),
    retailShares: whole(form.get('retailShares')),
    sharesOutstanding: whole(form.get('sharesOutstanding')),
    // Percent with two decimals is basis points.
    freeFloatBp: freeFloat,
    paymentMode: String(form.get('paymentMode') ?? 'blocked'),
  }
  if (kind === 'placement') {
    const minAmount = parseAmount(String(form.get('minAmount') ?? ''), 2)
    if (minAmount === null || minAmount <= 0) return { problem: "Write the tier's minimum amount in rupees." }
    body.minAmount = minAmount
  } else {
    body.minLots = whole(form.get('minLots'))
  }
  for (const [field, label] of TIMES) {
    const at = localTime(String(form.get(field) ?? ''))
    if (at === null) return { problem: `Choose the time: ${label}.` }
    body[field] = at
  }
  return { body }
}

function CreateForm({ onCreated }: { onCreated: () => void }) {
  const [kind, setKind] = useState<IpoKind>('ipo')
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  return (
    <form
      className="admin-card"
      data-testid="ipo-create"
      onSubmit={(event) => {
        event.preventDefault()
        const formElement = event.currentTarget
        const made = newIssueOf(new FormData(formElement), kind)
        if ('problem' in made) {
          setMessage(made.problem)
          return
        }
        setBusy(true)
        setMessage(null)
        adminCall<IpoAdminIssue>('/ipo/create', made.body).then(
          (issue) => {
            formElement.reset()
            setBusy(false)
            setMessage(`Created ${issue.symbol} (#${issue.id}); commitment ${issue.commitment}.`)
            onCreated()
          },
          (e: unknown) => {
            setBusy(false)
            setMessage(errorText(e))
          },
        )
      }}
    >
      <header>
        <strong>New {kind === 'placement' ? 'placement' : 'IPO'}</strong>{' '}
        <span className="admin-muted">Every time must be in the future and after the one before it; times are in your local time zone.</span>
      </header>
      <div className="admin-facts">
        <label>
          Kind
          <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as IpoKind)}>
            <option value="ipo">IPO (retail lottery)</option>
            <option value="placement">Placement (tier minimum, in proportion)</option>
          </select>
        </label>
        <label>
          Symbol
          <input name="symbol" required pattern="[A-Za-z][A-Za-z0-9]{1,19}" autoComplete="off" />
        </label>
        <label>
          Company name
          <input name="name" required maxLength={120} />
        </label>
        <label>
          Sector
          <select name="sector" required defaultValue="">
            <option value="" disabled>
              Choose…
            </option>
            {SECTORS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Industry
          <input name="industry" required maxLength={120} />
        </label>
        <label>
          Price per share (₹)
          <input name="price" required inputMode="decimal" placeholder="245.50" />
        </label>
        <label>
          Lot size (shares)
          <input name="lotSize" type="number" min={1} step={1} required />
        </label>
        {kind === 'placement' ? (
          <label>
            Tier minimum amount (₹)
            <input name="minAmount" required inputMode="decimal" placeholder="100000" />
          </label>
        ) : (
          <label>
            Minimum lots
            <input name="minLots" type="number" min={1} step={1} required defaultValue={1} />
          </label>
        )}
        <label>
          {kind === 'placement' ? 'Block shares offered' : 'Retail shares'}
          <input name="retailShares" type="number" min={1} step={1} required />
        </label>
        <label>
          Shares outstanding
          <input name="sharesOutstanding" type="number" min={1} step={1} required />
        </label>
        <label>
          Free float (%)
          <input name="freeFloat" required inputMode="decimal" placeholder="25" />
        </label>
        <label>
          Payment
          <select name="paymentMode" defaultValue="blocked">
            <option value="blocked">Money blocked at applying</option>
            <option value="pay_after_win">Pay after winning</option>
          </select>
        </label>
        {TIMES.map(([field, label]) => (
          <label key={field}>
            {label}
            <input name={field} type="datetime-local" required />
          </label>
        ))}
      </div>
      <button type="submit" disabled={busy}>
        {busy ? 'Creating…' : 'Create'}
      </button>
      {message && <p>{message}</p>}
    </form>
  )
}
