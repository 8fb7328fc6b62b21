/**
 * The one IndexedDB database of the app, "tijori", and the only place that knows its table
 * names and versions. What is stored where:
 * - meta:    small keyed values: the session (token, account), the chosen language, the
 *            last-synced time of every read-through key ("synced:<key>", "synced:any") and the
 *            news total per language ("news-total:<lang>").
 * - config:  the server's published rules and site settings from /common/config, [{name, value}].
 * - user:    the last /user/info reply for each account (balances, flags, sign-in count).
 * - news:    news articles per language; a list row has no body until its detail is read.
 * - outbox:  queued mutations with their idempotency key, state and reply (see outbox.ts).
 * Version 2 (issue 3, markets and trading):
 * - quotes:        the last quote of every instrument seen (lists, detail, stream ticks).
 * - candles:       chart series per symbol, period, range and adjustment, columnar for uPlot.
 * - watchlist:     the account's watchlist (/user/Optionallist), newest first by addedAt.
 * - orders:        the account's orders and positions (/order/list), one row per order.
 * - fundRecords:   dropped in version 3 (keyed by entry alone, it lost one leg of an exchange).
 * - searchHistory: symbols the account opened from search, newest first.
 * Version 3 (issue 4, money in and out):
 * - fundEntries:   the account's ledger entries (/fund/records) as changes to its pockets, one
 *                  row per entry and currency (an exchange touches two currencies).
 *
 * Table names and indexes are frozen: change them only with a new version below, never by
 * editing an old one, and add a test that upgrades from the previous shape.
 */
import { Dexie, type EntityTable } from 'dexie'
import { type Paise } from '../lib/money'
import { type InstrumentKind, type OrderDto } from '../lib/trading'

/** `expiresAt` (epoch ms) came with issue 2's login reply; rows saved before it lack it. */
export type Session = { token: string; account: string; expiresAt?: number }

export type MetaRow = { key: string; value: unknown; updatedAt: number }

export type ConfigRow = { name: string; value: string }

export type RealNameStatus = 'none' | 'pending' | 'verified' | 'failed'

export type UserFlags = {
  frozen: boolean
  loginBanned: boolean
  disabled: boolean
  noTrade: boolean
  noWithdraw: boolean
  /** Leverage above 1 allowed; absent in replies cached before issue 3. */
  marginTrading?: boolean
}

export type UserInfo = {
  account: string
  inviteCode: string
  createdAt: number
  currency: 'INR'
  balances: { available: Paise; frozen: Paise; total: Paise }
  flags: UserFlags
  /** Absent in a row stored by an older app version (before issue 4). */
  fundPasswordSet?: boolean
  /** Flags the back office set, with the reason shown to the user; absent in rows stored before it. */
  restrictions?: { flag: 'frozen' | 'login_banned' | 'disabled' | 'no_trade' | 'no_withdraw'; reason: string }[]
  realName: { status: RealNameStatus; name: string | null; reason: string | null }
  signIn: { count: number; lastDay: string | null; today: boolean }
  /** Wrong sign-in passwords since the previous sign-in (issue 8); absent in rows stored before it. */
  failedSignIns?: { count: number; lastAt: number | null }
}

export type NewsRow = {
  lang: string
  id: number
  title: string
  summary: string
  image: string | null
  publishedAt: number
  /** Absent until the detail has been fetched once. */
  body?: string
}

/** held: waiting for the user to confirm (a market order queued too long ago, see outbox.ts). */
export type OutboxState = 'queued' | 'sending' | 'done' | 'failed' | 'held'

export type OutboxItem = {
  /** The Idempotency-Key, created and saved before the first send. */
  key: string
  /** Monotonic order of enqueueing; replay keeps this order. */
  seq: number
  /** What the mutation is, so the screen can name it and data/ knows how to apply the reply. */
  kind: string
  path: string
  body: Record<string, unknown>
  account: string
  state: OutboxState
  createdAt: number
  /** Until when a sender owns a 'sending' item; past it, the item may be claimed again. */
  leaseUntil: number
  attempts: number
  nextAttemptAt: number
  /** Server's reply data when done. */
  reply?: unknown
  /** The refusal when failed: stable code, params and the server's English msg. */
  error?: { code: string; params?: Record<string, string | number>; msg: string }
  finishedAt?: number
  /** When the user confirmed a held item (outbox guards count its age from here, not createdAt). */
  confirmedAt?: number
}

export type { InstrumentKind } from '../lib/trading'

/**
 * A quote as /stock/list, /stock/detail and the stream send it. Prices are whole units of
 * `priceScale` per rupee (100: paise), rates whole basis points, money whole paise.
 */
export type QuoteRow = {
  symbol: string
  name: string
  kind: InstrumentKind
  priceScale: number
  tickSize: number
  /** The instant the quote describes (epoch ms). */
  time: number
  price: number
  prevClose: number
  open: number
  high: number
  low: number
  change: number
  changeRateBp: number
  volume: number
  /** Turnover in paise. */
  amount: number
  high52w: number
  low52w: number
  /** Stocks only. */
  sector?: string
  industry?: string
  sharesOutstanding?: number
  /** Paise. */
  marketValue?: number
  foreignRatioBp?: number
  /** Trading units (server/market/units.ts); absent for an index, which is not traded. */
  lotUnits?: number
  unitDivisor?: number
  quantityScale?: number
}

export type CandlePeriod = '1min' | '5min' | '15min' | '30min' | 'day' | 'week' | 'month'
export type CandleRange = '1w' | '1mo' | '3mo' | '6mo' | '1y'
export type CandleAdjust = 'none' | 'forward' | 'backward'

/** /stock/kline's reply, stored as sent: parallel arrays, as uPlot draws them. */
export type CandleRow = {
  symbol: string
  period: CandlePeriod
  range: CandleRange
  adjust: CandleAdjust
  priceScale: number
  t: number[]
  open: number[]
  high: number[]
  low: number[]
  close: number[]
  volume: number[]
  fetchedAt: number
}

export type WatchlistRow = { account: string; symbol: string; addedAt: number }

// The order contract is shared with the server (src/lib/trading.ts).
export type { OrderDto, OrderStatus } from '../lib/trading'

export type OrderRow = OrderDto & {
  account: string
  /** When a mutation's reply wrote this row (this device's clock): a list fetched before it must not undo it. */
  repliedAt?: number
}

/** One ledger entry as it changed the account's pockets (paise, signed). */
export type FundRecordRow = {
  account: string
  id: number
  reason: string
  reference: string | null
  createdAt: number
  currency: string
  available: number
  frozen: number
}

export type SearchHistoryRow = { account: string; symbol: string; at: number }

export class TijoriDB extends Dexie {
  meta!: EntityTable<MetaRow, 'key'>
  config!: EntityTable<ConfigRow, 'name'>
  user!: EntityTable<UserInfo, 'account'>
  news!: Dexie.Table<NewsRow, [string, number]>
  outbox!: EntityTable<OutboxItem, 'key'>
  quotes!: EntityTable<QuoteRow, 'symbol'>
  candles!: Dexie.Table<CandleRow, [string, string, string, string]>
  watchlist!: Dexie.Table<WatchlistRow, [string, string]>
  orders!: EntityTable<OrderRow, 'id'>
  fundEntries!: Dexie.Table<FundRecordRow, [string, number, string]>
  searchHistory!: Dexie.Table<SearchHistoryRow, [string, string]>

  constructor(name = 'tijori') {
    super(name)
    // Version 1. Do not edit: add version(2) with an upgrade instead.
    this.version(1).stores({
      meta: 'key',
      config: 'name',
      user: 'account',
      news: '[lang+id], [lang+publishedAt]',
      outbox: 'key, seq, state, [state+seq]',
    })
    // Version 2: markets and trading. Only new tables, so no upgrade function is needed.
    this.version(2).stores({
      quotes: 'symbol, kind',
      candles: '[symbol+period+range+adjust]',
      watchlist: '[account+symbol], [account+addedAt]',
      orders: 'id, account, [account+status], [account+createdAt]',
      fundRecords: '[account+id], [account+createdAt]',
      searchHistory: '[account+symbol], [account+at]',
    })
    // Version 3: a primary key cannot change in place, so the records move to a new table and
    // are fetched again from the server (the ledger is the record; the device only caches it).
    this.version(3).stores({
      fundRecords: null,
      fundEntries: '[account+id+currency], [account+createdAt]',
    })
  }
}

export const db = new TijoriDB()

/** News of one language, newest first, for useLiveQuery: `newsByDate('en').limit(10).toArray()`. */
export function newsByDate(lang: string) {
  return db.news
    .where('[lang+publishedAt]')
    .between([lang, Dexie.minKey], [lang, Dexie.maxKey])
    .reverse()
}
