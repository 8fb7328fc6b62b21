import { type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { type UserInfo } from '../../data/db'
import { formatMoney } from '../../lib/money'
import { formatDateTime } from '../../lib/dates'
import { useLoading } from '../../app/useLoading'
import { useOnline } from '../../app/useOnline'
import { type Assets } from '../../lib/assets'
import { refreshAssets, useAssets } from '../../app/assets'

/**
 * The account tab's assets: available, frozen, total and profit/loss, worked out on this device
 * from Dexie (src/lib/assets.ts, the total the home screen shows too) so it shows offline and
 * follows the live prices of open positions.
 */
export function AssetsCard({ account, user, synced }: { account: string | null | undefined; user: UserInfo | null | undefined; synced: number | null | undefined }) {
  const online = useOnline()
  const loading = useLoading(refreshAssets, account ?? '')
  const assets = useAssets(account, user)

  const when = synced ? formatDateTime(synced) : null
  // Still reading Dexie, or nothing stored yet while the first fetch is out: placeholders.
  const waiting = user === undefined || (user === null && loading)
  // The balances are in; the orders, prices, wallets or rates are still being read from Dexie.
  const reading = waiting || (user !== null && assets === undefined)

  return (
    <section className="card account-balances" aria-busy={waiting || loading} data-testid="assets">
      <Figure main label={<Trans>Total assets</Trans>} testId="assets-total">
        {money(reading, user, assets?.total)}
      </Figure>
      <Figure label={<Trans>Available</Trans>} testId="balance-available">{money(waiting, user, user?.balances.available)}</Figure>
      <Figure label={<Trans>Frozen</Trans>} testId="assets-frozen">{money(waiting, user, user?.balances.frozen)}</Figure>
      <Figure label={<Trans>Position margin</Trans>} testId="assets-margin">{money(reading, user, assets?.margin)}</Figure>
      <Figure label={<Trans>Profit/loss</Trans>} testId="assets-pnl">
        {reading ? <Skeleton /> : <SignedMoney paise={user ? assets?.pnl : undefined} />}
      </Figure>
      {assets && assets.otherCurrencies !== undefined && assets.otherCurrencies !== 0 ? (
        <Figure label={<Trans>Other currencies (at mid rate)</Trans>} testId="assets-other">{formatMoney(assets.otherCurrencies)}</Figure>
      ) : null}
      <Notes assets={assets} user={user} loading={loading} online={online} when={when} />
    </section>
  )
}

function Notes({ assets, user, loading, online, when }: { assets: Assets | undefined; user: UserInfo | null | undefined; loading: boolean; online: boolean; when: string | null }) {
  const unpriced = assets !== undefined && (assets.unrealised === undefined || assets.otherCurrencies === undefined)
  return (
    <div className="account-synced muted">
      {assets && (assets.openPositions > 0 || assets.realised !== 0) && assets.pnl !== undefined ? (
        <p>
          <Trans>Profit/loss is closed positions after charges plus open positions at the last price.</Trans>{' '}
          <Link to="/trade/index" search={{ tab: 'open' }}><Trans>Positions</Trans></Link>
        </p>
      ) : null}
      {unpriced ? (
        <p data-testid="assets-unpriced">
          {online && loading ? <Trans>Waiting for prices…</Trans> : <Trans>Some prices or rates are not on this device yet, so the total is not shown.</Trans>}
        </p>
      ) : null}
      <p>
        {!online && when ? (
          <Trans>Offline: figures as of {when}</Trans>
        ) : when ? (
          <Trans>Updated {when}</Trans>
        ) : user === null && !loading ? (
          <Trans>Not updated yet</Trans>
        ) : null}
      </p>
    </div>
  )
}

function Figure({ label, children, main, testId }: { label: ReactNode; children: ReactNode; main?: boolean; testId?: string }) {
  return (
    <div className={main ? 'account-balance account-balance--main' : 'account-balance'}>
      <span className="muted">{label}</span>
      <strong data-testid={testId}>{children}</strong>
    </div>
  )
}

function Skeleton() {
  return <span className="skeleton skeleton--money" aria-hidden="true" />
}

function money(waiting: boolean, user: UserInfo | null | undefined, paise: number | undefined): ReactNode {
  if (waiting) return <Skeleton />
  return user === null || user === undefined || paise === undefined ? '—' : formatMoney(paise)
}

/** +₹12.00 in the rise colour, -₹3.40 in the fall colour; the sign says it too. */
function SignedMoney({ paise }: { paise: number | undefined }) {
  if (paise === undefined) return <span className="pnl">—</span>
  const cls = paise > 0 ? 'account-pnl up' : paise < 0 ? 'account-pnl down' : 'account-pnl'
  return <span className={cls}>{`${paise > 0 ? '+' : ''}${formatMoney(paise)}`}</span>
}
