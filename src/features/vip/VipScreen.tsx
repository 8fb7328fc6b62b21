import { type ReactNode, useMemo } from 'react'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { useSessionAccount } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { useOnline } from '../../app/useOnline'
import { refreshVipInfo, type VipChange, type VipInfo, type VipLevel } from '../../data/vip'
import { formatDate, formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { type FeeRules, handlingFee } from '../../lib/trade'
import { useFeeRules, useVipInfo, useVipRefreshEvery, useVipSynced } from './queries'
import { outlookOf, progressPct, sortedLevels, thresholdOf } from './rules'
import './vip.css'
import { CardSkeleton, SyncedLine } from '../../app/SyncedLine'

/** The contract amount the levels table prices a handling fee on: ₹1 lakh. */
const EXAMPLE_AMOUNT = 10_000_000

/**
 * /market/vip: the account's level and its handling-fee discount, the measure it is based on
 * (traded value over the published window) with the progress to the next level and what remains,
 * when the level would fall if no more trades were made, the published levels, and the recent
 * level changes the server's job made. From Dexie, so it opens offline with its last-updated time.
 */
export function VipScreen() {
  const account = useSessionAccount()
  const info = useVipInfo(account)
  const synced = useVipSynced(account)
  const online = useOnline()
  const loading = useLoading(() => refreshVipInfo(), account ?? '')
  useVipRefreshEvery(15_000, account)
  return (
    <div className="vip">
      <BackBar title={<Trans>VIP levels</Trans>} />
      <SyncedLine synced={synced} loading={loading} testId="vip-updated" className="vip-updated">
        {!online && synced ? <span> · <Trans>Offline: showing what this device stored.</Trans></span> : null}
      </SyncedLine>
      <div className="page">
        {info === undefined || (info === null && loading) ? (
          <CardSkeleton lines={2} />
        ) : info === null ? (
          <div className="card empty-state" data-testid="vip-empty">
            <p>{online ? <Trans>Your VIP level could not be loaded. Try again shortly.</Trans> : <Trans>Your VIP level shows here once the app has been online.</Trans>}</p>
          </div>
        ) : (
          <VipDetails info={info} />
        )}
        <Benefit />
      </div>
    </div>
  )
}

function VipDetails({ info }: { info: VipInfo }) {
  const rules = useFeeRules()
  const levels = useMemo(() => sortedLevels(info.levels), [info.levels])
  const level = info.level
  const discount = info.feeDiscountPct
  const computedAt = info.computedAt === null ? null : formatDateTime(info.computedAt)
  return (
    <>
      <section className="card vip-level" data-testid="vip-level" data-level={level} data-discount={discount}>
        <p className="vip-level-name">
          <Trans>VIP {level}</Trans>
        </p>
        <p className="vip-level-benefit">
          {discount > 0 ? <Trans>{discount}% off the handling fee</Trans> : <Trans>No handling-fee discount at this level</Trans>}
        </p>
        <p className="muted">
          {computedAt ? <Trans>Level set by the last recompute, {computedAt}. The traded value below is as of the last update.</Trans> : <Trans>Not recomputed yet: everyone starts at VIP 0. The traded value below is as of the last update.</Trans>}
        </p>
      </section>
      <Measure info={info} />
      <Outlook info={info} />
      <LevelsTable levels={levels} current={level} rules={rules} windowDays={info.windowDays} />
      <Changes changes={info.changes} />
    </>
  )
}

function Measure({ info }: { info: VipInfo }) {
  const days = info.windowDays
  const measure = formatMoney(info.measure)
  const pct = progressPct(info)
  const next = info.next
  const nextLevel = next?.level ?? 0
  const nextThreshold = next ? formatMoney(next.minMeasure) : ''
  const remaining = next ? formatMoney(next.remaining) : ''
  const fromThreshold = formatMoney(thresholdOf(info.levels, info.level))
  return (
    <section className="card" data-testid="vip-measure" data-measure={info.measure} data-remaining={next?.remaining ?? ''} data-progress={pct}>
      <h2 className="section-title"><Trans>Traded value, last {days} days</Trans></h2>
      <p className="vip-measure" data-testid="vip-measure-value">{measure}</p>
      <p className="muted">
        <Trans>The contract amounts of the positions you opened and closed in the last {days} days, each side counted: a position opened and closed counts twice.</Trans>
      </p>
      {next ? (
        <>
          <div
            className="vip-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            aria-label={`VIP ${nextLevel}`}
            data-testid="vip-progress"
          >
            <span className="vip-progress-fill" style={{ width: `${pct}%` }} />
          </div>
          <p className="vip-progress-ends muted">
            <span>{fromThreshold}</span>
            <span>{nextThreshold}</span>
          </p>
          <p data-testid="vip-remaining">
            {next.remaining > 0 ? (
              <Trans>{remaining} more to reach VIP {nextLevel} ({nextThreshold} in {days} days).</Trans>
            ) : (
              <Trans>VIP {nextLevel}'s threshold ({nextThreshold}) is reached: the level moves up at the next recompute.</Trans>
            )}
          </p>
        </>
      ) : (
        <p data-testid="vip-remaining"><Trans>This is the highest level.</Trans></p>
      )}
    </section>
  )
}

function Outlook({ info }: { info: VipInfo }) {
  const outlook = outlookOf(info)
  const level = info.level
  const days = info.windowDays
  let text: ReactNode
  switch (outlook.kind) {
    case 'floor':
      text = <Trans>VIP 0 is everyone's level: it has no threshold and cannot fall.</Trans>
      break
    case 'up': {
      const toLevel = outlook.toLevel
      text = <Trans>The next recompute raises your level to VIP {toLevel}.</Trans>
      break
    }
    case 'below': {
      const threshold = formatMoney(outlook.threshold)
      text = <Trans>Your traded value is below VIP {level}'s threshold ({threshold}): the next recompute lowers your level.</Trans>
      break
    }
    case 'drops': {
      const at = formatDateTime(outlook.at)
      const toLevel = outlook.toLevel
      text = <Trans>If you make no more trades, your level drops to VIP {toLevel} on {at}, when your trades leave the {days}-day window.</Trans>
      break
    }
    case 'holds':
      text = <Trans>Your level holds at VIP {level} for now.</Trans>
      break
  }
  return (
    <section className="card" data-testid="vip-outlook" data-kind={outlook.kind} data-at={outlook.kind === 'drops' ? outlook.at : ''}>
      <h2 className="section-title"><Trans>If you stop trading</Trans></h2>
      <p>{text}</p>
    </section>
  )
}

function LevelsTable({ levels, current, rules, windowDays }: { levels: VipLevel[]; current: number; rules: FeeRules; windowDays: number }) {
  const example = formatMoney(EXAMPLE_AMOUNT)
  const rate = formatRate(rules.handlingFeePerLakh)
  const minimum = formatMoney(rules.minHandlingFee)
  const days = windowDays
  return (
    <section className="card" data-testid="vip-levels">
      <h2 className="section-title"><Trans>The levels</Trans></h2>
      <table className="vip-table">
        <thead>
          <tr>
            <th scope="col"><Trans>Level</Trans></th>
            <th scope="col"><Trans>Traded value in {days} days</Trans></th>
            <th scope="col"><Trans>Fee discount</Trans></th>
            <th scope="col"><Trans>Fee on {example}</Trans></th>
          </tr>
        </thead>
        <tbody>
          {levels.map((l) => {
            const threshold = formatMoney(l.minMeasure)
            const pct = l.feeDiscountPct
            return (
              <tr key={l.level} className={l.level === current ? 'vip-row--current' : undefined} data-testid="vip-level-row" data-level={l.level} aria-current={l.level === current ? 'true' : undefined}>
                <th scope="row">{`VIP ${l.level}`}</th>
                <td>{l.minMeasure > 0 ? <Trans>from {threshold}</Trans> : <Trans>everyone</Trans>}</td>
                <td>{`${pct}%`}</td>
                <td>{formatMoney(handlingFee(EXAMPLE_AMOUNT, { ...rules, feeDiscountPct: pct }))}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className="muted">
        <Trans>Handling fee = contract amount × {rate}, at least {minimum}, rounded half up to the paisa; then less the level's discount, rounded half up. Taken when a position opens and again when it closes.</Trans>
      </p>
    </section>
  )
}

function Changes({ changes }: { changes: VipChange[] }) {
  return (
    <section className="card" data-testid="vip-changes" data-count={changes.length}>
      <h2 className="section-title"><Trans>Recent level changes</Trans></h2>
      {changes.length === 0 ? (
        <p className="muted"><Trans>No level changes yet.</Trans></p>
      ) : (
        <ul className="vip-changes">
          {changes.map((c) => {
            const from = c.fromLevel
            const to = c.toLevel
            const at = formatDate(c.at)
            const measure = formatMoney(c.measure)
            return (
              <li key={`${c.at}:${c.fromLevel}:${c.toLevel}`} data-testid="vip-change" data-from={from} data-to={to}>
                <span className={to > from ? 'pill pill--ok' : 'pill'}>{to > from ? <Trans>Up</Trans> : <Trans>Down</Trans>}</span>{' '}
                <Trans>VIP {from} → VIP {to} on {at}, traded value then {measure}</Trans>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** Said plainly, whatever the level: the discount is the only benefit. */
function Benefit() {
  return (
    <section className="card vip-benefit" data-testid="vip-benefit">
      <p>
        <Trans>A level only discounts the handling fee of your orders and closes. It never changes leverage, margin, price bands or any other risk rule, and block-trade and copy-trading fees are not discounted.</Trans>
      </p>
      <p>
        <Link to="/market/index" className="link"><Trans>To the market</Trans></Link>
      </p>
    </section>
  )
}

/** A rate in parts per lakh as an exact percentage: 30 -> "0.03%" (the market rules screen writes it the same way). */
function formatRate(perLakh: number): string {
  const whole = Math.trunc(perLakh / 1000)
  const part = String(perLakh % 1000).padStart(3, '0').replace(/0+$/, '')
  return `${whole}${part ? `.${part}` : ''}%`
}
