/**
 * The order form's first check of each published rule, so the user sees at once which rule an
 * order would break; the server checks them all again and is the authority. Pure: the caller
 * passes the rules, the quote, the user's balance and flags, and the time.
 */
import { type ConfigName } from '../../contract/config'
import { type UserInfo } from '../../data/db'
import { INDIA_OFFSET_MS } from '../../lib/dates'
import { type ClientTradingRules, type OpeningCostsPreview, type PriceBand, priceBand } from '../../lib/trade'

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

export type MarketHours = { alwaysOpen: boolean; open: string; close: string; holidays: readonly string[] }

/** The published market hours from config: `market_always_open`, `market_hours`, `market_holidays`. */
export function marketHoursFromConfig(get: (name: ConfigName) => string | undefined): MarketHours {
  const [open = '09:15', close = '15:30'] = (get('market_hours') ?? '09:15-15:30').split('-')
  const holidays = (get('market_holidays') ?? '').split(',').map((d) => d.trim()).filter(Boolean)
  return { alwaysOpen: get('market_always_open') === '1', open, close, holidays }
}

/**
 * The hours of one instrument: /stock/detail says whether its market runs around the clock (the
 * demo, or a market that never closes) and its session; the config adds the exchange holidays.
 */
export function instrumentHours(config: MarketHours, detail: { alwaysOpen: boolean; hours: string } | null | undefined): MarketHours {
  if (!detail) return config
  const [open = config.open, close = config.close] = detail.hours.split('-')
  const alwaysOpen = detail.alwaysOpen || (open === '00:00' && close === '24:00')
  return { ...config, alwaysOpen, open, close }
}

function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':')
  return Number(h) * 60 + Number(m)
}

function istParts(now: number): { day: string; weekday: number; minutes: number } {
  const shifted = new Date(now + INDIA_OFFSET_MS)
  return {
    day: shifted.toISOString().slice(0, 10),
    weekday: shifted.getUTCDay(),
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  }
}

/** Whether the exchange takes orders at `now`: around the clock in the demo, else NSE hours on weekdays. */
export function isMarketOpen(now: number, hours: MarketHours): boolean {
  if (hours.alwaysOpen) return true
  const { day, weekday, minutes } = istParts(now)
  if (weekday === 0 || weekday === 6 || hours.holidays.includes(day)) return false
  return minutes >= minutesOf(hours.open) && minutes < minutesOf(hours.close)
}

/**
 * Day trading's window: from the session's open (00:00 when the market trades around the clock,
 * as in the demo) to the cut-off, on days the market trades. Open: when it closes; closed: when
 * the next window opens (looked for over the next two weeks of published holidays).
 */
export type DayTradingWindow = { open: true; closesAt: number } | { open: false; opensAt: number | null }

export function dayTradingWindow(now: number, cutoff: string, hours: MarketHours): DayTradingWindow {
  const midnight = now - ((now + INDIA_OFFSET_MS) % DAY_MS)
  const start = hours.alwaysOpen ? 0 : minutesOf(hours.open)
  const end = minutesOf(cutoff)
  for (let d = 0; d < 15; d++) {
    const day = midnight + d * DAY_MS
    const { day: date, weekday } = istParts(day)
    if (!hours.alwaysOpen && (weekday === 0 || weekday === 6 || hours.holidays.includes(date))) continue
    const opensAt = day + start * MINUTE_MS
    const closesAt = day + end * MINUTE_MS
    if (now >= closesAt || opensAt >= closesAt) continue
    return now >= opensAt ? { open: true, closesAt } : { open: false, opensAt }
  }
  return { open: false, opensAt: null }
}

/** Whether the day-trading cut-off (India time `hh:mm`) has passed on the India day of `now`. */
export function isPastCutoff(now: number, cutoff: string): boolean {
  return istParts(now).minutes >= minutesOf(cutoff)
}

/** On, off, or unknown when /user/info does not say (then the server decides). */
export type MarginTrading = 'on' | 'off' | 'unknown'

export function marginTradingOf(user: UserInfo | null | undefined): MarginTrading {
  const value = user?.flags.marginTrading
  return value === true ? 'on' : value === false ? 'off' : 'unknown'
}

export type RuleCode = 'trading' | 'identity' | 'lots' | 'leverage' | 'hours' | 'day_trading' | 'band' | 'balance'

export type RuleCheck = { rule: RuleCode; ok: boolean }

export type OrderCheckInput = {
  lots: number
  leverage: number
  dayTrading: boolean
  /** The price the order would trade at: the limit, or the quote for a market order. */
  price: number | undefined
}

export type OrderCheckContext = {
  rules: ClientTradingRules
  hours: MarketHours
  prevClose: number | undefined
  user: UserInfo | null | undefined
  costs: OpeningCostsPreview | undefined
  now: number
}

/** The band today's orders must price within, from the previous close; undefined without a quote. */
export function bandOf(prevClose: number | undefined, rules: ClientTradingRules): PriceBand | undefined {
  return prevClose !== undefined && Number.isSafeInteger(prevClose) && prevClose > 0 ? priceBand(prevClose, rules) : undefined
}

/**
 * Each rule in the server's order (server/trade/order-rules.ts validateOrder), with whether this order
 * meets it. A rule the client cannot judge (no quote, no balance yet) counts as met.
 */
export function checkOrder(input: OrderCheckInput, ctx: OrderCheckContext): RuleCheck[] {
  const { rules } = ctx
  const band = bandOf(ctx.prevClose, rules)
  const checks: RuleCheck[] = [
    { rule: 'trading', ok: ctx.user?.flags.noTrade !== true },
    // Unknown (no /user/info yet) counts as met, like every rule the client cannot judge.
    { rule: 'identity', ok: ctx.user === null || ctx.user === undefined || ctx.user.realName.status === 'verified' },
    { rule: 'lots', ok: Number.isSafeInteger(input.lots) && input.lots >= 1 && input.lots <= rules.maxLotsPerOrder },
    {
      rule: 'leverage',
      ok: rules.leverages.includes(input.leverage) && (input.leverage === 1 || marginTradingOf(ctx.user) !== 'off'),
    },
    { rule: 'hours', ok: isMarketOpen(ctx.now, ctx.hours) },
  ]
  if (input.dayTrading) checks.push({ rule: 'day_trading', ok: !isPastCutoff(ctx.now, rules.dayTradingCutoff) })
  checks.push({ rule: 'band', ok: band === undefined || input.price === undefined || (input.price >= band.min && input.price <= band.max) })
  const available = ctx.user?.balances.available
  checks.push({ rule: 'balance', ok: available === undefined || ctx.costs === undefined || ctx.costs.totalDebit <= available })
  return checks
}
