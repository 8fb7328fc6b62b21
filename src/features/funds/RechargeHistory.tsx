import { Trans } from '@lingui/react/macro'
import { type Recharge, type RechargeChannel } from '../../data/recharges'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'

/** A channel's name in the reader's language (the server sends only its kind). */
export function ChannelName({ kind }: { kind: RechargeChannel['kind'] | string }) {
  if (kind === 'bank') return <Trans>Bank transfer</Trans>
  if (kind === 'upi') return <Trans>UPI</Trans>
  if (kind === 'usdt') return <Trans>USDT</Trans>
  return <>{kind}</>
}

/** The user's deposits, newest first, each with its review and the reviewer's reason. */
export function RechargeHistory({ recharges, channels }: { recharges: Recharge[] | null | undefined; channels: RechargeChannel[] }) {
  if (recharges === undefined) return null
  return (
    <section className="mkt-section">
      <h2 className="section-title"><Trans>Your deposits</Trans></h2>
      {recharges === null ? (
        <p className="muted empty"><Trans>Your deposits show here once the app has been online.</Trans></p>
      ) : recharges.length === 0 ? (
        <p className="muted empty" data-testid="recharges-empty"><Trans>No deposits yet.</Trans></p>
      ) : (
        <ul className="menu" data-testid="recharges">
          {recharges.map((r) => {
            const when = formatDateTime(r.createdAt)
            const reason = r.reason ?? ''
            const kind = channels.find((c) => c.id === r.channel)?.kind ?? r.channel
            return (
              <li key={r.id} className="menu-item fund-record" data-testid="recharge" data-status={r.status}>
                <div className="fund-record-main">
                  <strong>{formatMoney(r.amount)}</strong>
                  <span className="fund-record-time">{when} · <ChannelName kind={kind} /></span>
                  {r.status === 'rejected' && reason ? <span className="form-error" data-testid="recharge-reason"><Trans>Rejected: {reason}</Trans></span> : null}
                </div>
                <StatusPill status={r.status} />
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

function StatusPill({ status }: { status: Recharge['status'] }) {
  if (status === 'approved') return <span className="pill pill--ok"><Trans>Credited</Trans></span>
  if (status === 'rejected') return <span className="pill pill--failed"><Trans>Rejected</Trans></span>
  return <span className="pill"><Trans>Under review</Trans></span>
}
