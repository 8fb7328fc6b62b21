import { useState } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { toast } from '../../app/toast'
import { type FundRecordRow } from '../../data/db'
import { FUND_KINDS, type FundKind } from '../../lib/fundKinds'
import { describeFundEntry, type FundEntry } from '../../lib/fundEntry'
import { formatCurrency } from '../../lib/currency'
import { formatDateTime } from '../../lib/dates'
import { BackBar } from '../../app/BackBar'
import { useConfig, useSessionAccount } from '../../app/queries'
import { useDownload } from '../../app/useDownload'
import { useLoading } from '../../app/useLoading'
import { useOnline } from '../../app/useOnline'
import { useFundRecords, useFundRecordsSynced, useStoredFundRecordCount } from './queries'
import { exportCsv, loadFundRecords, loadFundRecordsPage } from './actions'
import './funds.css'

const route = getRouteApi('/information/fundRecord')

const PAGE = 10

/** The tabs, each a family of ledger reasons (src/lib/fundKinds.ts). */
const TAB_NAMES: Record<FundKind, MessageDescriptor> = {
  all: msg`All`,
  trades: msg`Trades`,
  recharge: msg`Deposits`,
  withdrawal: msg`Withdrawals`,
}

/**
 * Every change to the account's money, newest first, 10 at a time, by tab; works offline from
 * Dexie (a tab filters the stored records by the server's own rule). The whole ledger and the
 * orders can be downloaded as CSV.
 */
export function FundRecordScreen() {
  const { t, i18n } = useLingui()
  const tab = route.useSearch({ select: (s) => s.tab ?? 'all' })
  const account = useSessionAccount()
  return (
    <div className="funds">
      <BackBar title={<Trans>Fund records</Trans>} />
      <nav className="tabs" aria-label={t`Kinds of records`}>
        {FUND_KINDS.map((kind) => (
          <Link
            key={kind}
            to="/information/fundRecord"
            search={kind === 'all' ? {} : { tab: kind }}
            replace
            className={kind === tab ? 'tab tab--on' : 'tab'}
            aria-current={kind === tab ? 'page' : undefined}
            data-testid={`fund-tab-${kind}`}
          >
            {i18n._(TAB_NAMES[kind])}
          </Link>
        ))}
      </nav>
      {/* Keyed: a tab starts at its first page, with its own total. */}
      <RecordList key={`${account ?? ''}:${tab}`} account={account} kind={tab} />
      <div className="page">
        <ExportCard />
      </div>
    </div>
  )
}

function RecordList({ account, kind }: { account: string | null | undefined; kind: FundKind }) {
  const { t } = useLingui()
  const [count, setCount] = useState(PAGE)
  const [total, setTotal] = useState<number | null>(null)
  const first = useLoading(() => loadFundRecords(kind).then((reply) => reply && setTotal(reply.total)), `${account ?? ''}:${kind}`)
  const [loadingMore, setLoadingMore] = useState(false)
  const loading = first || loadingMore
  const records = useFundRecords(account, count, kind)
  const stored = useStoredFundRecordCount(account, kind) ?? 0
  const synced = useFundRecordsSynced(account, kind)
  const when = synced ? formatDateTime(synced) : null
  const serverPage = Number(useConfig('order_page_max') ?? 100) || 100

  async function loadMore() {
    const next = count + PAGE
    setCount(next)
    // The device may already hold the next rows; else fetch the server page they are on. With no
    // total (never answered online), a full last page is the hint that more may exist.
    const missing = stored < next && (total === null ? stored > 0 && stored % serverPage === 0 : stored < total)
    if (!missing) return
    setLoadingMore(true)
    const reply = await loadFundRecordsPage(Math.floor(stored / serverPage) + 1, kind)
    setLoadingMore(false)
    if (reply) setTotal(reply.total)
    else {
      // Not fetched (offline): the button stays, to try again.
      setCount(count)
      toast.error(t`Older records could not be loaded. Check your connection and try again.`)
    }
  }

  const shown = records ?? []
  const moves = movesByEntry(shown)
  const more = shown.length >= count && (total === null || shown.length < total)
  return (
    <>
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
            <p>{kind === 'all' ? <Trans>No records yet.</Trans> : <Trans>No records of this kind yet.</Trans>}</p>
            <p className="muted"><Trans>Every change to your balance appears here once the app has been online.</Trans></p>
          </div>
        ) : (
          <ul className="fund-list" data-testid="fund-list">
            {shown.map((record) => (
              <FundRecord key={`${record.id}:${record.currency}`} record={record} moves={moves.get(record.id)} />
            ))}
          </ul>
        )}
        {more ? (
          <button type="button" className="btn btn--outline btn--block" disabled={loading} onClick={() => void loadMore()} data-testid="funds-more">
            {loading ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
          </button>
        ) : null}
      </div>
    </>
  )
}

/** Downloads of the whole ledger and of every order as CSV (DESIGN.md section 5); online only. */
function ExportCard() {
  const online = useOnline()
  const { busy, download } = useDownload<'ledger' | 'orders'>(exportCsv)

  return (
    <section className="card fund-export" data-testid="fund-export">
      <h2 className="section-title"><Trans>Export</Trans></h2>
      <p className="muted"><Trans>Every entry of your ledger, with your balance after each, or every order, as a CSV file for a spreadsheet.</Trans></p>
      {!online ? <p className="form-error" role="status"><Trans>Exporting needs the internet.</Trans></p> : null}
      <div className="fund-export-buttons">
        <button type="button" className="btn btn--outline" disabled={!online || busy !== null} onClick={() => void download('ledger')} data-testid="export-ledger">
          {busy === 'ledger' ? <Trans>Preparing…</Trans> : <Trans>Download ledger (CSV)</Trans>}
        </button>
        <button type="button" className="btn btn--outline" disabled={!online || busy !== null} onClick={() => void download('orders')} data-testid="export-orders">
          {busy === 'orders' ? <Trans>Preparing…</Trans> : <Trans>Download orders (CSV)</Trans>}
        </button>
      </div>
    </section>
  )
}

/** A signed amount in the record's currency (an exchange moves a foreign wallet too). */
function signed(amount: number, currency = 'INR'): string {
  return `${amount > 0 ? '+' : ''}${formatCurrency(amount, currency)}`
}

/** What each entry changed per currency among the records shown: an exchange's two sides. */
function movesByEntry(records: readonly FundRecordRow[]): Map<number, FundEntry['moves']> {
  const moves = new Map<number, { currency: string; amount: number }[]>()
  for (const r of records) moves.set(r.id, [...(moves.get(r.id) ?? []), { currency: r.currency, amount: r.available }])
  return moves
}

function FundRecord({ record, moves }: { record: FundRecordRow; moves: FundEntry['moves'] }) {
  const { i18n } = useLingui()
  const when = formatDateTime(record.createdAt)
  const frozen = signed(record.frozen, record.currency)
  return (
    <li className="fund-record" data-testid="fund-record" data-reason={record.reason}>
      <div className="fund-record-main">
        <strong className="fund-record-reason" data-testid="fund-record-title">
          {i18n._(describeFundEntry({ reason: record.reason, reference: record.reference, moves }))}
        </strong>
        <span className="fund-record-time">{when}</span>
      </div>
      <div className="fund-record-amounts">
        {record.available !== 0 || record.frozen === 0 ? (
          <span className={record.available > 0 ? 'fund-amount up' : record.available < 0 ? 'fund-amount down' : 'fund-amount'} data-testid="fund-available">
            {signed(record.available, record.currency)}
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
