import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { toast } from 'sonner'
import { type FundRecordRow } from '../../data/db'
import { formatMoney } from '../../lib/money'
import { formatDateTime } from '../../lib/dates'
import { BackBar } from '../../app/BackBar'
import { useConfig, useSessionAccount } from '../../app/queries'
import { useFundRecords, useFundRecordsSynced } from './queries'
import { loadFundRecords, loadFundRecordsPage } from './actions'
import './funds.css'

const PAGE = 10

/** The ledger's reason codes in words (server/domain/ledger.ts LEDGER_REASONS). */
const REASONS: Record<string, MessageDescriptor> = {
  demo_grant: msg`Demo grant`,
  sign_in_reward: msg`Sign-in reward`,
  order_freeze: msg`Order placed: funds frozen`,
  order_unfreeze: msg`Order cancelled: funds released`,
  position_open: msg`Position opened`,
  position_close: msg`Position closed`,
  recharge: msg`Deposit`,
  withdrawal_freeze: msg`Withdrawal requested: funds frozen`,
  withdrawal_paid: msg`Withdrawal paid`,
  withdrawal_unfreeze: msg`Withdrawal rejected: funds released`,
  exchange: msg`Currency exchange`,
}

/** Every change to the account's money, newest first, 10 at a time; works offline from Dexie. */
export function FundRecordScreen() {
  const { t } = useLingui()
  const account = useSessionAccount()
  const [count, setCount] = useState(PAGE)
  const [loading, setLoading] = useState(true)
  const [total, setTotal] = useState<number | null>(null)
  const records = useFundRecords(account, count)
  const synced = useFundRecordsSynced(account)
  const when = synced ? formatDateTime(synced) : null
  const serverPage = Number(useConfig('order_page_max') ?? 100) || 100

  useEffect(() => {
    let live = true
    void loadFundRecords().finally(() => {
      if (live) setLoading(false)
    })
    return () => {
      live = false
    }
  }, [account])

  async function loadMore() {
    const next = count + PAGE
    setCount(next)
    const have = records?.length ?? 0
    // The first server page is already here; fetch the next one once the screen shows past it.
    if (have < next && have > 0 && have % serverPage === 0) {
      setLoading(true)
      const reply = await loadFundRecordsPage(have / serverPage + 1)
      setLoading(false)
      if (reply) setTotal(reply.total)
      else {
        // Not fetched (offline): the button stays, to try again.
        setCount(count)
        toast.error(t`Older records could not be loaded. Check your connection and try again.`)
      }
    }
  }

  const shown = records ?? []
  const more = shown.length >= count && (total === null || shown.length < total)
  return (
    <div className="funds">
      <BackBar title={<Trans>Fund records</Trans>} />
      <p className="list-updated" role="status" data-testid="funds-updated">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page">
        {records === undefined || (shown.length === 0 && loading) ? (
          <div className="card" aria-hidden="true">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line" />
          </div>
        ) : shown.length === 0 ? (
          <div className="card empty-state" data-testid="funds-empty">
            <p><Trans>No records yet.</Trans></p>
            <p className="muted"><Trans>Every change to your balance appears here once the app has been online.</Trans></p>
          </div>
        ) : (
          <ul className="fund-list" data-testid="fund-list">
            {shown.map((record) => (
              <FundRecord key={record.id} record={record} />
            ))}
          </ul>
        )}
        {more ? (
          <button type="button" className="btn btn--outline btn--block" disabled={loading} onClick={() => void loadMore()}>
            {loading ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
          </button>
        ) : null}
      </div>
    </div>
  )
}

function signed(paise: number): string {
  return `${paise > 0 ? '+' : ''}${formatMoney(paise)}`
}

function FundRecord({ record }: { record: FundRecordRow }) {
  const { i18n, t } = useLingui()
  const reason = REASONS[record.reason]
  const when = formatDateTime(record.createdAt)
  const reference = record.reference
  const frozen = signed(record.frozen)
  return (
    <li className="fund-record" data-testid="fund-record" data-reason={record.reason}>
      <div className="fund-record-main">
        <strong className="fund-record-reason">{reason ? i18n._(reason) : t`Other`}</strong>
        <span className="fund-record-time">{when}</span>
        {reference ? <span className="fund-record-ref"><Trans>Reference {reference}</Trans></span> : null}
      </div>
      <div className="fund-record-amounts">
        {record.available !== 0 || record.frozen === 0 ? (
          <span className={record.available > 0 ? 'fund-amount up' : record.available < 0 ? 'fund-amount down' : 'fund-amount'} data-testid="fund-available">
            {signed(record.available)}
          </span>
        ) : null}
        {record.frozen !== 0 ? (
          <span className="fund-amount fund-amount--frozen">
            <Trans>Frozen {frozen}</Trans>
          </span>
        ) : null}
      </div>
    </li>
  )
}
