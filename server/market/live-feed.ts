/**
 * createMarketFeed: the MarketFeed (feed.ts) over the database. Stored: the SECRET seed (it
 * predicts every future price, so it never leaves the server), the India day of the first start,
 * and one row per instrument day; minute bars are regenerated from a row when asked for.
 */
import { randomInt } from 'node:crypto'
import { type ServerConfig } from '../config'
import { allMarketDays, insertMarketDays, settingOrInit } from './repository'
import { type Executor } from '../db/executor'
import { catchUp } from './backfill'
import { DAY_MS, dayKeyNumber, dayNumberKey, dayNumberStart, indiaDayNumber, isOpen, nextOpen } from './calendar'
import { type Candle, aggregate, adjustBars, candles as makeCandles, rangeStart } from './candles'
import { type DayRow, CALENDAR_HOURS, DayStore, anchorOf, calendarNameFor, calendarSet, rowFromTable, rowToTable } from './days'
import { type MarketState } from '../trade/order-rules'
import { type AnyQuote, type KlineRequest, type MarketFeed } from './feed'
import { type Instrument, INSTRUMENTS, findInstrument } from './instruments'
import { type ListedStock, allListings, listedStock } from './listings'
import { type LiveDay, buildLiveDay, liveQuote, sessionAsOf } from './live'
import { type Bar, barsAsOf } from './simulation'

export type MarketFeedOptions = {
  db: Executor
  config: ServerConfig
  /** The seed to store on first start; a random one by default. The stored seed always wins. */
  seed?: number
  /** Caps on the 1-minute bars behind minute candles (tests lower them); MINUTE_BARS_MAX and INDEX_MINUTE_BARS by default. */
  minuteBars?: { max: number; index: number }
}

export type CreatedMarketFeed = MarketFeed & {
  /** What the last prepare made: rows written and milliseconds taken (main.ts prints it). */
  lastPrepare(): { rows: number; ms: number }
}

const MINUTE_PERIODS = new Set(['1min', '5min', '15min', '30min'])
/**
 * Minute candles reach back at most this many 1-minute bars, the newest sessions first: a year
 * of NSE minutes (93,750) whole, but not a year around the clock (525,600 bars, 33 MB of JSON and
 * seconds of work for a coin or a long-running demo), which gets its last 69 days.
 */
export const MINUTE_BARS_MAX = 100_000
/**
 * An index's minute bars are regenerated from its fifty members' (about 20 ms a day on a shared
 * core), so its cap is lower: 20,000 bars (53 NSE sessions, about two and a half months; 13 days
 * around the clock) keep a cold request near a second.
 */
export const INDEX_MINUTE_BARS = 20_000
/** A month candle reaches back to the 1st: daily rows are read from a month before the range. */
const MONTH_SLACK_DAYS = 31

export function createMarketFeed(options: MarketFeedOptions): CreatedMarketFeed {
  const { db, config } = options
  const calendars = calendarSet(config)
  const caps = options.minuteBars ?? { max: MINUTE_BARS_MAX, index: INDEX_MINUTE_BARS }
  let store: DayStore | null = null
  let reload = false
  let firstDay = Infinity
  let preparedThrough = -Infinity
  let chain: Promise<void> = Promise.resolve()
  let last = { rows: 0, ms: 0 }
  const lives = new Map<string, LiveDay>()
  /** Stocks listed since the start (market_listings), this feed's own: apps in one process differ. */
  const listed = new Map<string, ListedStock>()
  let universe: readonly Instrument[] = INSTRUMENTS

  const instrumentOf = (symbol: string): Instrument | undefined => findInstrument(symbol) ?? listed.get(symbol)?.stock

  /** Whether `now` is before the symbol's listing: no quote, no price, no orders yet. */
  const unlisted = (symbol: string, now: number): boolean => {
    const at = listed.get(symbol)?.listedAt
    return at !== undefined && now < at
  }

  /** Adds the listings this feed lacks; true when there were any. */
  async function loadListings(): Promise<boolean> {
    let added = false
    for (const listing of await allListings(db)) {
      if (listed.has(listing.symbol) || findInstrument(listing.symbol) !== undefined) continue
      listed.set(listing.symbol, listedStock(listing))
      added = true
    }
    if (added) universe = Object.freeze([...INSTRUMENTS, ...[...listed.values()].map((l) => l.stock)])
    return added
  }

  async function init(today: number): Promise<DayStore> {
    // A restarted server knows the stocks listed before it stopped.
    await loadListings()
    const seed = Number(await settingOrInit(db, 'seed', String(options.seed ?? randomInt(0, 2 ** 32))))
    if (!Number.isSafeInteger(seed)) throw new Error('market_settings.seed is not a whole number')
    firstDay = dayKeyNumber(await settingOrInit(db, 'first_day', dayNumberKey(today)))
    const loaded = new DayStore(seed, calendars, config.trading.priceBandPct)
    const bySymbol = new Map<string, DayRow[]>()
    for (const row of await allMarketDays(db)) {
      let list = bySymbol.get(row.symbol)
      if (list === undefined) bySymbol.set(row.symbol, (list = []))
      list.push(rowFromTable(row))
    }
    for (const [symbol, rows] of bySymbol) loaded.add(symbol, rows)
    return loaded
  }

  async function run(today: number, refresh = false): Promise<void> {
    // A new listing's days (from its listing day) are missing even when today is prepared.
    if (refresh && store !== null && !reload && (await loadListings())) preparedThrough = -Infinity
    if (today <= preparedThrough) return
    const started = performance.now()
    if (store === null || reload) {
      store = await init(today)
      lives.clear()
      reload = false
    }
    let rows: number
    try {
      rows = await catchUp({
        store,
        instruments: universe,
        firstDays: new Map([...listed.values()].map((l) => [l.stock.symbol, indiaDayNumber(l.listedAt)])),
        firstDay,
        startDay: firstDay - config.marketBackfillDays,
        today,
        alwaysOpen: config.marketAlwaysOpen,
        write: (batch) => insertMarketDays(db, batch.map(({ symbol, row }) => rowToTable(symbol, row))),
      })
    } catch (err) {
      // catchUp adds days to memory before their batch is written: after a failed write, memory
      // would hold days the database lacks and the next run would never write them. The next run
      // reloads from the database; until then quotes go on from memory (the same seeded prices).
      reload = true
      throw err
    }
    preparedThrough = today
    last = { rows, ms: performance.now() - started }
  }

  const prepare = (now: number): Promise<void> => {
    const today = indiaDayNumber(now)
    if (today <= preparedThrough) return Promise.resolve()
    // One run at a time in this process; other processes are kept apart by the inserts.
    const next = chain.then(() => run(today))
    chain = next.catch(() => undefined)
    return next
  }

  const refreshListings = (now: number): Promise<void> => {
    // On the same chain as prepare, so a run in flight cannot mark the new stock's days as made.
    const next = chain.then(() => run(indiaDayNumber(now), true))
    chain = next.catch(() => undefined)
    return next
  }

  function live(instrument: Instrument, now: number): LiveDay | undefined {
    if (store === null) return undefined
    const n = indiaDayNumber(now)
    const cached = lives.get(instrument.symbol)
    if (cached !== undefined && cached.n === n && store.atOrBefore(instrument.symbol, n) === cached.row) return cached
    const built = buildLiveDay(store, instrument, n)
    if (built !== undefined) lives.set(instrument.symbol, built)
    return built
  }

  function quote(symbol: string, now: number): AnyQuote | undefined {
    const instrument = instrumentOf(symbol)
    if (instrument === undefined || store === null || unlisted(symbol, now)) return undefined
    const view = live(instrument, now)
    return view && liveQuote(instrument, view, now, store.seed)
  }

  function marketState(symbol: string, now: number): MarketState {
    const instrument = instrumentOf(symbol)
    if (instrument === undefined) throw new Error(`no instrument ${symbol}`)
    const listedAt = listed.get(symbol)?.listedAt
    if (listedAt !== undefined && now < listedAt) {
      // It opens at its listing, or at the first session after it (a listing outside NSE hours).
      const then = marketState(symbol, listedAt)
      return { open: false, opensAt: then.open ? listedAt : then.opensAt }
    }
    const n = indiaDayNumber(now)
    const name = store?.at(symbol, n)?.calendar ?? calendarNameFor(instrument.kind, n, firstDay, config.marketAlwaysOpen)
    if (isOpen(now, calendars[name])) return { open: true } as const
    const ahead = calendars[calendarNameFor(instrument.kind, Math.max(n, firstDay), firstDay, config.marketAlwaysOpen)]
    return { open: false, opensAt: nextOpen(now, ahead) } as const
  }

  function previousClose(symbol: string, now: number): number | undefined {
    const instrument = instrumentOf(symbol)
    if (instrument === undefined || unlisted(symbol, now)) return undefined
    const view = live(instrument, now)
    if (view === undefined) return undefined
    // On a day with no session yet (a weekend), the next session's base is the last close.
    return view.row.n === indiaDayNumber(now) ? view.row.prevClose : view.row.close
  }

  function dailyCandles(instrument: Instrument, data: DayStore, request: KlineRequest, now: number): Candle[] {
    const today = indiaDayNumber(now)
    const from = indiaDayNumber(rangeStart(now, request.range)) - MONTH_SLACK_DAYS
    const rows = data.rows(instrument.symbol)
    const end = data.indexAtOrBefore(instrument.symbol, today)
    const bars: Bar[] = []
    for (let i = Math.max(0, data.indexAtOrBefore(instrument.symbol, from - 1) + 1); i <= end; i++) {
      const row = rows[i] as DayRow
      const t = dayNumberStart(row.n)
      if (row.n < today) {
        bars.push({ t, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume, amount: row.amount })
        continue
      }
      const view = live(instrument, now)
      const session = view && sessionAsOf(view, now, instrument.tickSize)
      if (session) bars.push({ t, ...session })
    }
    const adjustments = data.adjustments(instrument.symbol).filter((a) => a.exStart <= now)
    return makeCandles(bars, { period: request.period, anchorMinute: 0, adjust: request.adjust, adjustments, range: request.range, now })
  }

  function minuteCandles(instrument: Instrument, data: DayStore, request: KlineRequest, now: number): Candle[] {
    const today = indiaDayNumber(now)
    // A listing day's minutes before the listing were never traded.
    const from = Math.max(rangeStart(now, request.range), listed.get(instrument.symbol)?.listedAt ?? -Infinity)
    const rows = data.rows(instrument.symbol)
    const end = data.indexAtOrBefore(instrument.symbol, today)
    let start = Math.max(0, data.indexAtOrBefore(instrument.symbol, indiaDayNumber(from) - 1) + 1)
    let budget = instrument.kind === 'index' ? caps.index : caps.max
    let first = end
    for (; first >= start; first--) {
      const hours = CALENDAR_HOURS[(rows[first] as DayRow).calendar]
      budget -= hours.close - hours.open
      // The newest session always shows, whatever the cap.
      if (budget < 0 && first < end) break
    }
    start = first + 1
    const all: Bar[] = []
    const groups: { count: number; anchor: number }[] = []
    for (let i = start; i <= end; i++) {
      const row = rows[i] as DayRow
      let bars = data.bars(instrument, row)
      if (dayNumberStart(row.n) + DAY_MS > now) bars = barsAsOf(bars, now, instrument.tickSize)
      let count = 0
      for (const bar of bars) {
        if (bar.t < from) continue
        all.push(bar)
        count++
      }
      if (count > 0) groups.push({ count, anchor: anchorOf(row.calendar) })
    }
    const adjustments = data.adjustments(instrument.symbol).filter((a) => a.exStart <= now)
    const adjusted = adjustBars(all, adjustments, request.adjust)
    // Minute buckets never cross a day, so each day is bucketed from its own session's open.
    const out: Candle[] = []
    let offset = 0
    for (const group of groups) {
      for (const candle of aggregate(adjusted.slice(offset, offset + group.count), request.period, group.anchor)) out.push(candle)
      offset += group.count
    }
    return out
  }

  return {
    instrument: instrumentOf,
    instruments: () => universe,
    prepare,
    refreshListings,
    quote,
    marketState,
    previousClose,
    async candles(symbol, request, now) {
      const instrument = instrumentOf(symbol)
      if (instrument === undefined || unlisted(symbol, now)) return []
      await prepare(now)
      if (store === null) return []
      return MINUTE_PERIODS.has(request.period) ? minuteCandles(instrument, store, request, now) : dailyCandles(instrument, store, request, now)
    },
    async close() {
      await chain
      lives.clear()
    },
    lastPrepare: () => last,
  }
}
