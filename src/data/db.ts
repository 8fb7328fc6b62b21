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
 *
 * Table names and indexes are frozen: change them only with a new version below, never by
 * editing an old one, and add a test that upgrades from the previous shape.
 */
import { Dexie, type EntityTable } from 'dexie'
import { type Paise } from '../lib/money'

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
}

export type UserInfo = {
  account: string
  inviteCode: string
  createdAt: number
  currency: 'INR'
  balances: { available: Paise; frozen: Paise; total: Paise }
  flags: UserFlags
  realName: { status: RealNameStatus; name: string | null; reason: string | null }
  signIn: { count: number; lastDay: string | null; today: boolean }
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

export type OutboxState = 'queued' | 'sending' | 'done' | 'failed'

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
}

export class TijoriDB extends Dexie {
  meta!: EntityTable<MetaRow, 'key'>
  config!: EntityTable<ConfigRow, 'name'>
  user!: EntityTable<UserInfo, 'account'>
  news!: Dexie.Table<NewsRow, [string, number]>
  outbox!: EntityTable<OutboxItem, 'key'>

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
