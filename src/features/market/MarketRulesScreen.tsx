import { type ReactNode } from 'react'
import { Plural, Trans } from '@lingui/react/macro'
import { formatMoney } from '../../lib/money'
import { formatDate, indiaDay } from '../../lib/dates'
import { useNow } from '../../app/useNow'
import { useConfigValues } from './queries'
import { MarketFrame } from './MarketScreen'
import { RULE_NAMES, microToDecimal, perLakhToPercent, readRules, type Rules } from './rules'
import './market.css'

/** Market issues: the rules the server enforces, as it publishes them, in plain words. */
export function MarketRulesScreen() {
  const values = useConfigValues(RULE_NAMES)
  return (
    <MarketFrame tab="issues">
      {values === undefined ? (
        <div className="card" aria-hidden="true">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
        </div>
      ) : (
        <RuleList rules={readRules((name) => values[name])} />
      )}
    </MarketFrame>
  )
}

function RuleList({ rules: r }: { rules: Rules }) {
  // Holidays are India dates: today is the India day, not the UTC one (which lags until 05:30).
  const today = indiaDay(useNow(60_000))
  const holidays = r.holidays.filter((d) => d >= today).slice(0, 12)
  const leverages = r.leverages.map((n) => `${n}x`).join(', ')
  const minFee = r.minFee === null ? null : formatMoney(r.minFee)
  const fee = r.feePerLakh === null ? null : perLakhToPercent(r.feePerLakh)
  const stamp = r.stampPerLakh === null ? null : perLakhToPercent(r.stampPerLakh)
  const coinLot = r.cryptoLotMicro === null ? null : microToDecimal(r.cryptoLotMicro)
  const { hours, lotSize, forexLotUnits, maxLots, bandPct, cutoff, stopOutPct, reconfirmSeconds } = r
  const lockCount = r.lock?.count ?? 0
  return (
    <ul className="rules" data-testid="market-rules">
      <Rule title={<Trans>Are the prices real?</Trans>}>
        <Trans>No. Prices are simulated by Tijori's demo exchange from a seeded random walk that starts from public reference levels. They are not NSE prices and must not be used to invest.</Trans>
      </Rule>
      <Rule title={<Trans>When can I trade?</Trans>}>
        {r.alwaysOpen ? (
          <Trans>This demo is open around the clock, every day. The real exchange trades {hours} India time, Monday to Friday.</Trans>
        ) : (
          <Trans>{hours} India time, Monday to Friday, except exchange holidays.</Trans>
        )}
      </Rule>
      {holidays.length > 0 ? (
        <Rule title={<Trans>Upcoming exchange holidays</Trans>}>
          <span className="rules-dates">{holidays.map((d) => formatDate(Date.parse(`${d}T12:00:00+05:30`))).join(' · ')}</span>
        </Rule>
      ) : null}
      {lotSize !== null ? (
        <Rule title={<Trans>How much is one lot?</Trans>}>
          <Trans>Stocks trade in lots of {lotSize} shares.</Trans>{' '}
          {coinLot ? <Trans>A digital currency lot is {coinLot} coin.</Trans> : null}{' '}
          {forexLotUnits !== null ? <Trans>A currency pair lot is {forexLotUnits} units of the quoted amount.</Trans> : null}{' '}
          {maxLots !== null ? <Trans>One order may carry up to {maxLots} lots.</Trans> : null}
        </Rule>
      ) : null}
      {leverages ? (
        <Rule title={<Trans>Which leverage can I use?</Trans>}>
          <Trans>{leverages}. The margin is the contract amount divided by the leverage. Anything above 1x needs margin trading to be enabled on your account.</Trans>
        </Rule>
      ) : null}
      {fee !== null ? (
        <Rule title={<Trans>What does a trade cost?</Trans>}>
          <Trans>A handling fee of {fee}% of the contract amount on opening and on closing, at least {minFee} each time.</Trans>{' '}
          {stamp !== null ? <Trans>Stamp duty of {stamp}% on the buying side.</Trans> : null}
        </Rule>
      ) : null}
      {bandPct !== null ? (
        <Rule title={<Trans>Is there a price band?</Trans>}>
          <Trans>Orders must be priced within {bandPct}% above or below the previous close.</Trans>
        </Rule>
      ) : null}
      {r.lock ? (
        <Rule title={<Trans>When can I close a position?</Trans>}>
          {r.lock.unit === 'minutes' ? (
            <Trans>After a lock of <Plural value={lockCount} one="# minute" other="# minutes" /> from opening.</Trans>
          ) : (
            <Trans>From T+{lockCount}: <Plural value={lockCount} one="# trading day" other="# trading days" /> after the day it opened.</Trans>
          )}
        </Rule>
      ) : null}
      {cutoff ? (
        <Rule title={<Trans>What happens to day trades?</Trans>}>
          <Trans>Day-trading positions still open at {cutoff} India time are closed at the market price (squared off).</Trans>
        </Rule>
      ) : null}
      {stopOutPct !== null ? (
        <Rule title={<Trans>When is a position stopped out?</Trans>}>
          <Trans>When its margin plus unrealised profit or loss falls to {stopOutPct}% of the original margin, it is closed at the market price.</Trans>
        </Rule>
      ) : null}
      {reconfirmSeconds !== null ? (
        <Rule title={<Trans>I placed an order offline. What happens?</Trans>}>
          <Trans>It waits on this device and is sent when you are back online. A market order older than {reconfirmSeconds} seconds by then is not sent blindly: you are asked to confirm it at the current price.</Trans>
        </Rule>
      ) : null}
    </ul>
  )
}

function Rule({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <li className="card rule">
      <h2 className="rule-title">{title}</h2>
      <p className="rule-text">{children}</p>
    </li>
  )
}
