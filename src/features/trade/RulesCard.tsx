import { type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { type QuoteRow } from '../../data/db'
import { type ClientTradingRules } from '../../lib/trade'
import { CheckIcon } from '../../app/icons'
import { bandOf, type MarketHours, type RuleCheck, type RuleCode } from './checks'
import { formatQuantity, rupeePrice } from './labels'

/**
 * The published rules the order is held to (DESIGN.md section 5: every refusal names its rule),
 * each with the form's first check of this order against it.
 */
export function RulesCard({ quote, rules, hours, checks }: { quote: QuoteRow; rules: ClientTradingRules; hours: MarketHours; checks: RuleCheck[] }) {
  const state = new Map(checks.map((c) => [c.rule, c.ok]))
  const lot = formatQuantity(quote.lotUnits ?? 0, quote.quantityScale ?? 1)
  const maxLots = rules.maxLotsPerOrder
  const band = bandOf(quote.prevClose, rules)
  const bandMin = rupeePrice(band?.min, quote.priceScale)
  const bandMax = rupeePrice(band?.max, quote.priceScale)
  const pct = rules.priceBandPct
  const open = hours.open
  const close = hours.close
  const leverages = rules.leverages.map((l) => `${l}×`).join(', ')
  const cutoff = rules.dayTradingCutoff
  const stopOut = rules.stopOutMarginPct
  return (
    <section className="card" data-testid="order-rules">
      <h2 className="section-title"><Trans>Rules for this order</Trans></h2>
      <ul className="rules">
        <Rule code="trading" state={state}>
          <Trans>Trading must be enabled on the account.</Trans>
        </Rule>
        <Rule code="lots" state={state}>
          <Trans>Whole lots, 1 to {maxLots}; one lot is {lot} units.</Trans>
        </Rule>
        <Rule code="leverage" state={state}>
          <Trans>Leverage {leverages}; above 1× needs margin trading.</Trans>
        </Rule>
        <Rule code="hours" state={state}>
          {hours.alwaysOpen ? (
            <Trans>Trading hours: open around the clock.</Trans>
          ) : (
            <Trans>Trading hours: {open}–{close} India time, weekdays except exchange holidays.</Trans>
          )}
        </Rule>
        <Rule code="band" state={state}>
          {band ? (
            <Trans>Price band: {bandMin} to {bandMax} (previous close ±{pct}%).</Trans>
          ) : (
            <Trans>Price band: previous close ±{pct}%.</Trans>
          )}
        </Rule>
        <Rule code="day_trading" state={state}>
          <Trans>Day-trading positions are squared off at {cutoff} India time; none opened after it.</Trans>
        </Rule>
        <Rule code="balance" state={state}>
          <Trans>The total debit must be within the available balance.</Trans>
        </Rule>
        <Rule state={state}>
          <LockRuleText rules={rules} />
        </Rule>
        <Rule state={state}>
          <Trans>Stop-out: a position is closed when margin plus profit/loss falls to {stopOut}% of its margin.</Trans>
        </Rule>
      </ul>
    </section>
  )
}

/** The lock in words: "a new position can be closed after 5 minutes" / "from T+1". */
export function LockRuleText({ rules }: { rules: ClientTradingRules }) {
  const { count, unit } = rules.lock
  if (count === 0) return <Trans>Lock: a new position can be closed at once.</Trans>
  if (unit === 'minutes') {
    const minutes = plural(count, { one: '# minute', other: '# minutes' })
    return <Trans>Lock: a new position can be closed after {minutes}.</Trans>
  }
  return <Trans>Lock: a new position can be closed from T+{count} (trading days).</Trans>
}

function Rule({ code, state, children }: { code?: RuleCode; state: Map<RuleCode, boolean>; children: ReactNode }) {
  const { t } = useLingui()
  const ok = code ? state.get(code) : undefined
  const status = ok === undefined ? 'info' : ok ? 'ok' : 'broken'
  return (
    <li className={`rule rule--${status}`} data-testid={code ? `rule-${code}` : undefined} data-ok={ok === undefined ? undefined : String(ok)}>
      <span className="rule-mark" aria-label={ok === undefined ? undefined : ok ? t`Met` : t`Not met`} role={ok === undefined ? undefined : 'img'}>
        {ok === undefined ? '·' : ok ? <CheckIcon className="rule-icon" /> : '!'}
      </span>
      <span className="rule-text">{children}</span>
    </li>
  )
}
