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
 * Version 4 (issue 9, the device forgets an account at logout):
 * - meta rows of one account carry it in `account` (indexed), filled on every write from the
 *   key (metaRowAccount), so forgetAccount finds them all; outbox gains an `account` index.
 *
 * Meta also holds each feature's lists as values (metaKeys below), e.g. copy-trading (issue 11):
 * the products, the strategies and each product's detail (device keys, public data), and the
 * account's investments (`followInvestments:<account>`).
 *
 * Every per-account cache is listed here: the tables user, watchlist, orders, fundEntries,
 * searchHistory and outbox (by their `account`), and the meta kinds of ACCOUNT_META_KINDS.
 * forgetAccount() removes all of them in one transaction; a new per-account cache must be added
 * to both, and tests/unit/data/forgetAccount.test.ts fills each one to prove it.
 *
 * Table names and indexes are frozen: change them only with a new version below, never by
 * editing an old one, and add a test that upgrades from the previous shape.
 */
import { Dexie, type EntityTable } from 'dexie'
import { type Restore } from '../lib/restore'
// `import type`, erased at runtime (verbatimModuleSyntax keeps `import { type X }` as a bare
// import): the modules that fetch these values import this one, and the money and trading
// maths is not code the first route loads.
import type {
  CandleAdjust,
  CandlePeriod,
  CandleRange,
  Candles,
  FundRecord,
  NewsItem,
  Quote,
  RealNameStatus,
  UserInfo as WireUserInfo,
} from '../contract/replies'
import type { Paise } from '../lib/money'
import type { InstrumentKind, OrderDto } from '../lib/trade'

/** `expiresAt` (epoch ms) came with issue 2's login reply; rows saved before it lack it. */
export type Session = { token: string; account: string; expiresAt?: number }

/** `account`: whose row it is (see metaRowAccount); absent for the device's own rows. */
export type MetaRow = { key: string; value: unknown; updatedAt: number; account?: string }

/** A published setting as stored: any name the server sent; the app reads the declared ones (ConfigItem). */
export type ConfigRow = { name: string; value: string }

export type { RealNameStatus }

export type UserFlags = Omit<WireUserInfo['flags'], 'marginTrading'> & {
  /** Leverage above 1 allowed; absent in replies cached before issue 3. */
  marginTrading?: boolean
}

/**
 * The /user/info reply as stored (src/contract/replies.ts), balances as Paise; the fields added
 * later are optional because rows an older app version stored lack them.
 */
export type UserInfo = Omit<WireUserInfo, 'balances' | 'flags' | 'fundPasswordSet' | 'restrictions' | 'failedSignIns' | 'totpEnabled'> & {
  balances: { available: Paise; frozen: Paise; total: Paise }
  flags: UserFlags
  /** Absent in a row stored by an older app version (before issue 4). */
  fundPasswordSet?: boolean
  /** Flags the back office set, with the reason shown to the user; absent in rows stored before it. */
  restrictions?: WireUserInfo['restrictions']
  /** Wrong sign-in passwords since the previous sign-in (issue 8); absent in rows stored before it. */
  failedSignIns?: WireUserInfo['failedSignIns']
  /** Two-step sign-in is on (issue 13); absent in rows stored before it. */
  totpEnabled?: boolean
}

/** A news item as /news/list sends it, in the language it was asked in. */
export type NewsRow = NewsItem & {
  lang: string
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

export type { InstrumentKind } from '../lib/trade'

/**
 * A quote as /stock/list, /stock/detail and the stream send it. Prices are whole units of
 * `priceScale` per rupee (100: paise), rates whole basis points, money whole paise.
 */
export type QuoteRow = Quote

export type { CandleAdjust, CandlePeriod, CandleRange }

/** /stock/kline's reply, stored as sent: parallel arrays, as uPlot draws them. */
export type CandleRow = Candles & { fetchedAt: number }

export type WatchlistRow = { account: string; symbol: string; addedAt: number }

// The order contract is shared with the server (src/lib/trade.ts).
export type { OrderDto, OrderStatus } from '../lib/trade'

export type OrderRow = OrderDto & {
  account: string
  /** When a mutation's reply wrote this row (this device's clock): a list fetched before it must not undo it. */
  repliedAt?: number
}

/** One ledger entry as it changed the account's pockets (paise, signed): the wire row, by account. */
export type FundRecordRow = FundRecord & { account: string }

export type SearchHistoryRow = { account: string; symbol: string; at: number }

/**
 * The kinds of db.meta key that belong to one account, each `<kind>:<account>[:<more>]`. Sync
 * keys (sync.ts) follow the same rule, and a key's last-synced row `synced:<key>` belongs to the
 * same account. Frozen like table names: a renamed kind leaves its old rows behind, unforgotten.
 */
export const ACCOUNT_META_KINDS = [
  'user',
  'realName',
  'bankCards',
  'rechargeChannels',
  'recharges',
  'withdrawals',
  'usdtAddresses',
  'upload',
  'wallets',
  'funds',
  'orders',
  'watchlist',
  'dividends',
  'ipoApplications',
  'blockApplications',
  'followInvestments',
  'loanInfo',
  'loanRecords',
  'vipInfo',
  'quizInfo',
  'inbox',
  'supportThreads',
  'supportThread',
  'deletionInfo',
] as const

export type AccountMetaKind = (typeof ACCOUNT_META_KINDS)[number]

function accountKey(kind: AccountMetaKind, account: string, ...more: readonly (string | number)[]): string {
  return [kind, account, ...more].join(':')
}

/**
 * Every db.meta key (and sync key) the app uses, built in one place. Device keys are the same for
 * whoever holds the phone (the language, public market data, the news); the rest belong to an
 * account and go at logout. Values are read back through the restore* tables of metaValues.ts.
 */
export const metaKeys = {
  // The device's.
  session: 'session',
  language: 'language',
  syncedAny: 'synced:any',
  synced: (syncKey: string) => `synced:${syncKey}`,
  newsTotal: (lang: string) => `news-total:${lang}`,
  stockOrder: (kind: InstrumentKind, sort: string) => `stock-order:${kind}:${sort}`,
  stockDetail: (symbol: string) => `stock-detail:${symbol}`,
  streamStatus: 'stream:status',
  exchangeRates: 'exchange-rates',
  /** New-share issues of one kind (ipo, placement), every stage: the same for everyone. */
  ipoIssues: (kind: string) => `ipo-issues:${kind}`,
  /** Block offerings at every stage (issue 11): the same for everyone. */
  blockOfferings: 'block-offerings',
  /** The sync key of one offering's /block/detail (its row lives in blockOfferings). */
  blockOffering: (id: number) => `block-offering:${id}`,
  /** Copy-trading (issue 11): the products, the strategies and one product's detail, the same for everyone. */
  followProducts: 'follow-products',
  followStrategies: 'follow-strategies',
  followDetail: (id: number) => `follow-detail:${id}`,
  // One account's (sync keys only: user, funds, orders, watchlist; their rows are tables).
  userInfo: (account: string) => accountKey('user', account),
  realName: (account: string) => accountKey('realName', account),
  bankCards: (account: string) => accountKey('bankCards', account),
  rechargeChannels: (account: string) => accountKey('rechargeChannels', account),
  recharges: (account: string) => accountKey('recharges', account),
  withdrawals: (account: string) => accountKey('withdrawals', account),
  usdtAddresses: (account: string) => accountKey('usdtAddresses', account),
  upload: (account: string, id: number) => accountKey('upload', account, id),
  wallets: (account: string) => accountKey('wallets', account),
  fundRecords: (account: string, kind: string) => (kind === 'all' ? accountKey('funds', account) : accountKey('funds', account, kind)),
  orders: (account: string) => accountKey('orders', account),
  watchlist: (account: string) => accountKey('watchlist', account),
  dividends: (account: string) => accountKey('dividends', account),
  ipoApplications: (account: string) => accountKey('ipoApplications', account),
  blockApplications: (account: string) => accountKey('blockApplications', account),
  followInvestments: (account: string) => accountKey('followInvestments', account),
  /** Credit loans and VIP (issue 12): /loan/info, /loan/records, /vip/info of the account. */
  loanInfo: (account: string) => accountKey('loanInfo', account),
  loanRecords: (account: string) => accountKey('loanRecords', account),
  vipInfo: (account: string) => accountKey('vipInfo', account),
  /** The knowledge quiz (issue 13): /quiz/info of the account. */
  quizInfo: (account: string) => accountKey('quizInfo', account),
  /** The inbox (issue 13): the newest page of /inbox/list with the unread count the account tab shows. */
  inbox: (account: string) => accountKey('inbox', account),
  /** Customer service (issue 13): /support/threads and one /support/thread of the account. */
  supportThreads: (account: string) => accountKey('supportThreads', account),
  supportThread: (account: string, id: number) => accountKey('supportThread', account, id),
  /** The guest thread opened without a session, with its key (the device's: it outlives logout). */
  supportGuest: 'support-guest',
  /** Privacy (issue 13): /user/deletion/info, the deletion request and what the law keeps until when. */
  deletionInfo: (account: string) => accountKey('deletionInfo', account),
} as const

const ACCOUNT_KIND_SET: ReadonlySet<string> = new Set(ACCOUNT_META_KINDS)

/** Whose a meta key is: the account of a per-account key (or of its last-synced row), else undefined. */
export function metaKeyAccount(key: string): string | undefined {
  const synced = metaKeys.synced('')
  if (key.startsWith(synced)) return metaKeyAccount(key.slice(synced.length))
  const [kind, account] = key.split(':')
  return kind !== undefined && ACCOUNT_KIND_SET.has(kind) && account ? account : undefined
}

/** Repairs a stored session: anything without a token and an account is no session. */
export function restoreSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null
  const token: unknown = Reflect.get(value, 'token')
  const account: unknown = Reflect.get(value, 'account')
  const expiresAt: unknown = Reflect.get(value, 'expiresAt')
  if (typeof token !== 'string' || !token || typeof account !== 'string' || !account) return null
  return typeof expiresAt === 'number' ? { token, account, expiresAt } : { token, account }
}

/** Whose a meta row is: the session's account, the account in its key, or nobody's (the device's). */
export function metaRowAccount(row: Pick<MetaRow, 'key' | 'value'>): string | undefined {
  if (row.key === metaKeys.session) return restoreSession(row.value)?.account
  return metaKeyAccount(row.key)
}


/** A meta value restored to today's shape; null when absent or beyond repair. Live-query friendly. */
export async function readMeta<T>(key: string, restore: Restore<T>): Promise<T | null> {
  const row = await db.meta.get(key)
  return row === undefined ? null : (restore(row.value) ?? null)
}

function withAccount(row: unknown): unknown {
  if (typeof row !== 'object' || row === null) return row
  const key: unknown = Reflect.get(row, 'key')
  if (typeof key !== 'string') return row
  const marked: Record<string, unknown> = { ...row }
  delete marked.account
  const account = metaRowAccount({ key, value: marked.value })
  if (account !== undefined) marked.account = account
  return marked
}

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
    // Version 4: meta rows say whose they are, and the outbox is found by account, so one
    // transaction can forget an account. Rows stored before learn their account from their key.
    this.version(4)
      .stores({
        meta: 'key, account',
        outbox: 'key, seq, state, [state+seq], account',
      })
      .upgrade(async (tx) => {
        await tx
          .table('meta')
          .toCollection()
          .modify((row: MetaRow) => {
            const account = metaRowAccount(row)
            if (account === undefined) delete row.account
            else row.account = account
          })
      })
    // Every write to meta goes through here, so no caller can store an account's row unmarked.
    this.use({
      stack: 'dbcore',
      name: 'meta-account',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name)
          if (name !== 'meta') return table
          return {
            ...table,
            mutate: (req) => (req.type === 'add' || req.type === 'put' ? table.mutate({ ...req, values: req.values.map(withAccount) }) : table.mutate(req)),
          }
        },
      }),
    })
    this.use({
      stack: 'dbcore',
      name: 'reconnect',
      create: (down) => ({
        ...down,
        transaction: (stores, mode, options) => {
          try {
            return down.transaction(stores, mode, options)
          } catch (error) {
            return this.connectionLost(error)
          }
        },
        table: (name) => {
          const table = down.table(name)
          const guard = <T>(op: Promise<T>): Promise<T> => op.catch((error: unknown) => this.connectionLost(error))
          return {
            ...table,
            get: (req) => guard(table.get(req)),
            getMany: (req) => guard(table.getMany(req)),
            query: (req) => guard(table.query(req)),
            openCursor: (req) => guard(table.openCursor(req)),
            count: (req) => guard(table.count(req)),
            mutate: (req) => guard(table.mutate(req)),
          }
        },
      }),
    })
    // The browser may close the connection itself: iOS after the app spent a while in the
    // background, Chrome when storage is cleared. Dexie marks the database closed (autoOpen
    // stays on), so the next read opens it again; reopening here at once, then telling every
    // live query to read again, also brings back the queries that failed while it was down.
    this.on('close', () => {
      queueMicrotask(() => {
        if (this.isOpen() || this.hasBeenClosed()) return // reopened already, or closed on purpose (db.close())
        void this.open()
          .then(() => Dexie.on('storagemutated').fire({ all: true }))
          .catch((error: unknown) => console.error('Tijori could not reopen its storage', error))
      })
    })
  }

  /**
   * A request failed. Safari reports a connection it dropped as "UnknownError: Connection to
   * Indexed Database server lost" on every later request, with no close event, and Chrome as an
   * InvalidStateError "connection is closing": close ours (the next use opens a new one, see the
   * close listener) and fail this request as DatabaseClosedError, which live queries wait out
   * instead of failing the screen. Any other error passes unchanged.
   */
  private connectionLost(error: unknown): never {
    const name = error instanceof Error || error instanceof DOMException ? error.name : ''
    const message = error instanceof Error || error instanceof DOMException ? error.message : ''
    if (name === 'UnknownError' || (name === 'InvalidStateError' && /clos/i.test(message))) {
      if (this.isOpen()) this.close({ disableAutoOpen: false })
      throw new Dexie.DatabaseClosedError(`${name}: ${message}`)
    }
    throw error
  }
}

export const db = new TijoriDB()

/** The tables that hold rows of one account, each found by its `account`. */
function accountTables(): Dexie.Table[] {
  return [db.meta, db.user, db.watchlist, db.orders, db.fundEntries, db.searchHistory, db.outbox]
}

/**
 * Removes every row of `account` from this device, in one transaction: its session, cached
 * /user/info, meta values and their sync times, watchlist, orders, ledger entries, search history
 * and outbox items (unsent ones too: callers ask the user first, see session.ts logout).
 * `keepOutbox`: leave its outbox items in these states, for when it signs in again.
 */
export async function forgetAccount(account: string, opts: { keepOutbox?: readonly OutboxState[] } = {}): Promise<void> {
  await db.transaction('rw', accountTables(), async () => {
    await db.meta.where('account').equals(account).delete()
    await db.user.delete(account)
    await db.watchlist.where('[account+addedAt]').between([account, Dexie.minKey], [account, Dexie.maxKey]).delete()
    await db.orders.where('account').equals(account).delete()
    await db.fundEntries.where('[account+createdAt]').between([account, Dexie.minKey], [account, Dexie.maxKey]).delete()
    await db.searchHistory.where('[account+at]').between([account, Dexie.minKey], [account, Dexie.maxKey]).delete()
    const keep: ReadonlySet<OutboxState> = new Set(opts.keepOutbox)
    await db.outbox.where('account').equals(account).filter((item) => !keep.has(item.state)).delete()
  })
}

/** Every account with rows on this device (the signed-out search history, '', is the device's). */
export async function accountsOnDevice(): Promise<string[]> {
  return db.transaction('r', accountTables(), async () => {
    const found = new Set<string>()
    const add = (keys: readonly unknown[]) => {
      for (const key of keys) {
        const account = Array.isArray(key) ? key[0] : key
        if (typeof account === 'string' && account) found.add(account)
      }
    }
    add(await db.meta.orderBy('account').uniqueKeys())
    add(await db.user.toCollection().primaryKeys())
    add(await db.orders.orderBy('account').uniqueKeys())
    add(await db.outbox.orderBy('account').uniqueKeys())
    add(await db.watchlist.orderBy('[account+addedAt]').uniqueKeys())
    add(await db.fundEntries.orderBy('[account+createdAt]').uniqueKeys())
    add(await db.searchHistory.orderBy('[account+at]').uniqueKeys())
    return [...found]
  })
}

/** News of one language, newest first, for useLiveQuery: `newsByDate('en').limit(10).toArray()`. */
export function newsByDate(lang: string) {
  return db.news
    .where('[lang+publishedAt]')
    .between([lang, Dexie.minKey], [lang, Dexie.maxKey])
    .reverse()
}
