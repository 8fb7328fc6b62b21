/**
 * Currency exchange (issue 4, DESIGN.md section 4): the rates a user is offered (mid rates from
 * the market's INR pairs, else the configured reference rates, with the published spread) and an
 * exchange from one wallet to another: quoted before the transaction, then under the user's lock
 * the wallet read, the rule check, the row and its one ledger entry. The rules are
 * exchange-rules.ts, the SQL exchange-repository.ts.
 */
import {
  CURRENCY_DECIMALS,
  CURRENCIES,
  type Currency,
  type MidRate,
  RATE_SCALE,
  checkSpread,
  exchangeEntry,
  exchangeFlagRefusal,
  exchangeQuote,
  midRates,
  rateMovedRefusal,
  userRates,
  walletRefusal,
} from './exchange-rules'
import { DomainRefusal } from '../http/refusal'
import { flagsOf } from '../accounts/flag-repository'
import { postEntry } from '../ledger/repository'
import { insertExchange, lockWallet, type ExchangeRecord } from './exchange-repository'
import { type ServerConfig } from '../config'
import { type MarketFeed } from '../market/feed'
import { type Effect } from '../db/executor'

export type ExchangeDeps = { market: MarketFeed; referenceRates: ServerConfig['exchange']['referenceRates']; spreadPerLakh: number }

/** The service's deps from the config; a spread outside 0..99,999 per lakh throws here, at start. */
export function exchangeDeps(config: ServerConfig, market: MarketFeed): ExchangeDeps {
  return { market, referenceRates: config.exchange.referenceRates, spreadPerLakh: checkSpread(config.exchange.spreadPerLakh) }
}

/** Every wallet currency's mid rate at `at`, from the live INR pairs (prepare the feed first). */
function ratesAt(deps: ExchangeDeps, at: number): Map<Currency, MidRate> {
  const { market } = deps
  return midRates((currency) => {
    const instrument = market.instrument(`${currency}INR`)
    if (instrument?.kind !== 'forex') return undefined
    const quote = market.quote(instrument.symbol, at)
    return quote ? { price: quote.price, priceScale: quote.priceScale, baseAmount: instrument.baseAmount, time: quote.time } : undefined
  }, deps.referenceRates)
}

/** Each wallet currency against the rupee at `at`: mid rate, the rates a user gets, and their source. */
export async function exchangeRates(deps: ExchangeDeps, at: number) {
  await deps.market.prepare(at)
  const mids = ratesAt(deps, at)
  const rates = CURRENCIES.map((currency) => {
    const rate = mids.get(currency)
    const user = rate ? (rate.source === 'base' ? { buy: rate.mid, sell: rate.mid } : userRates(rate.mid, deps.spreadPerLakh)) : null
    return {
      currency,
      decimals: CURRENCY_DECIMALS[currency],
      mid: rate?.mid ?? null,
      buy: user?.buy ?? null,
      sell: user?.sell ?? null,
      source: rate?.source ?? null,
      time: rate?.time ?? null,
    }
  })
  return { at, base: 'INR' as const, rateScale: RATE_SCALE, spreadPerLakh: deps.spreadPerLakh, rates }
}

/**
 * Quotes the exchange at `at` (refusing an unknown currency, a missing rate, a rate that moved
 * below minAmountOut) and returns the effect for the route's idempotent commit(), so the reply is
 * stored in the transaction that moves the money and a retry never exchanges twice.
 */
export async function requestExchange(
  deps: ExchangeDeps,
  r: { userId: number; from: string; to: string; amount: number; minAmountOut?: number; at: number },
): Promise<Effect<ExchangeRecord & { rateScale: number }>> {
  const { userId, at } = r
  const { spreadPerLakh } = deps
  await deps.market.prepare(at)
  const mids = ratesAt(deps, at)
  const rates = Object.fromEntries([...mids].map(([currency, rate]) => [currency, rate.mid]))
  const quote = exchangeQuote({ from: r.from, to: r.to, amountIn: r.amount, rates, spreadPerLakh })
  if (quote instanceof DomainRefusal) throw quote
  const moved = rateMovedRefusal(quote, r.minAmountOut)
  if (moved) throw moved
  return async (trx) => {
    // Under the user's lock, with the wallet read after it: two exchanges cannot both spend it.
    const wallet = await lockWallet(trx, userId, quote.from)
    const refusal = exchangeFlagRefusal(await flagsOf(trx, userId)) ?? walletRefusal(quote, wallet.available)
    if (refusal) throw refusal
    const record = await insertExchange(trx, { userId, quote, midFrom: rates[quote.from]!, midTo: rates[quote.to]!, spreadPerLakh, now: at })
    await postEntry(trx, exchangeEntry(userId, record.id, quote), at, { lockedUserIds: [userId] })
    return { ...record, rateScale: RATE_SCALE }
  }
}
