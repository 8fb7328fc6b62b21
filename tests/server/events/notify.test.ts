/**
 * New inbox messages reach the user's open stream whichever process made them (issue 14): two apps
 * on one database, the stream open on the second, the event made by the first. On PostgreSQL
 * (TEST_DATABASE_URL) the second app has its own pool and its own LISTEN connection, as a second
 * process would, so the message crosses by NOTIFY; on PGlite both share the one in-process session.
 */
import { type AddressInfo } from 'node:net'
import { sql } from 'kysely'
import { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { type DatabaseHandle, openDatabase } from '../../../server/db/index'
import { addInboxMessage } from '../../../server/inbox/repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { userIdsOf } from '../../../server/events/hub'
import { insertListing } from '../../../server/market/listings'
import { SECTORS } from '../../../server/market/instruments'
import { createTestApp, TEST_MARKET_SEED, type SessionHeaders, type TestApp } from '../helpers'
import { png } from '../pictures'
import { openSse, type SseEvent, type SseReader } from './sse'

type InboxEvent = { unread: number; messages: { id: number; kind: string; params: Record<string, unknown> }[] }
const body = (e: SseEvent) => JSON.parse(e.data) as InboxEvent

let t: TestApp
let second: FastifyInstance
let secondDatabase: DatabaseHandle | null = null
let secondUrl = ''
const streams: SseReader[] = []

beforeAll(async () => {
  t = await createTestApp()
  if (process.env.TEST_DATABASE_URL) {
    // The same database through a pool of its own: what a second process opens.
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.database.db)
    const url = new URL(process.env.TEST_DATABASE_URL)
    url.pathname = `/${rows[0]!.name}`
    secondDatabase = await openDatabase({ url: url.toString() })
  }
  second = await buildApp({ database: secondDatabase ?? t.database, config: t.config, now: t.clock.now, staticDir: null, marketSeed: TEST_MARKET_SEED })
  await second.listen({ port: 0, host: '127.0.0.1' })
  secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const s of streams) s.close()
  await second.close()
  await secondDatabase?.close()
  await t.close()
})

async function signedIn(account: string): Promise<{ userId: number; headers: SessionHeaders }> {
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  return { userId: (await findUserByAccount(t.database.db, account))!.id, headers }
}

/** The user's inbox stream on the second app, once its first event (the unread count) has come. */
async function streamOnSecond(headers: SessionHeaders): Promise<SseReader> {
  const stream = await openSse(`${secondUrl}/api/vue/inbox/stream`, headers)
  streams.push(stream)
  await stream.next((e) => e.event === 'inbox')
  return stream
}

describe('the inbox stream', () => {
  it('reads a notification payload of user ids', () => {
    expect(userIdsOf('12,40,41')).toEqual([12, 40, 41])
    expect(userIdsOf('x,,-3,7')).toEqual([7])
  })

  it('is private', async () => {
    const res = await fetch(`${secondUrl}/api/vue/inbox/stream`)
    expect(res.status).toBe(401)
  })

  it('gets a review decided on the other app at once, with the message and the unread count', async () => {
    const { userId, headers } = await signedIn('9741000001')
    await t.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Asha Rao' }).where('id', '=', userId).execute()
    const stream = await streamOnSecond(headers)
    expect(body(stream.events[0]!)).toEqual({ unread: 0, messages: [] })

    const upload = await t.call('/user/upload', { kind: 'receipt', data: png(41).toString('base64') }, { headers, key: true })
    const sent = await t.call('/user/recharge', { channel: 'upi', amount: 700_000, receiptUploadId: (upload.body.data as { id: number }).id }, { headers, key: true })
    expect(sent.body.status, sent.raw).toBe(1)
    t.clock.advance(t.config.autoReviewSeconds! * 1000)
    // The first app's reviewer decides it (the job runs on one process); the stream is on the second.
    expect(await t.app.reviews.sweep(t.clock.now())).toBe(1)

    const decided = await stream.next((e) => body(e).messages.some((m) => m.kind === 'review_decided'))
    const event = body(decided)
    expect(event.unread).toBe(1)
    expect(event.messages).toHaveLength(1)
    expect(decided.id).toBe(String(event.messages[0]!.id))
  })

  it('never announces a message whose transaction rolled back; the next one committed comes alone', async () => {
    const { userId, headers } = await signedIn('9741000002')
    const stream = await streamOnSecond(headers)
    const message = { userId, kind: 'support_reply' as const, link: null, now: t.clock.now() }
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await addInboxMessage(trx, { ...message, params: { threadId: 1 } })
        throw new Error('the event failed after its message was written')
      }),
    ).rejects.toThrow('the event failed')
    await t.database.db.transaction().execute((trx) => addInboxMessage(trx, { ...message, params: { threadId: 2 } }))

    const arrived = await stream.next((e) => body(e).messages.length > 0)
    expect(body(arrived).messages.map((m) => m.params)).toEqual([{ threadId: 2 }])
    expect(body(arrived).unread).toBe(1)
    // Every event so far: the first (the count) and this one; the rolled-back message is in none.
    expect(stream.events.flatMap((e) => body(e).messages.map((m) => m.params.threadId))).toEqual([2])
  })

  it("wakes only the streams of the users written for, and many users' messages in one statement reach each", async () => {
    const a = await signedIn('9741000003')
    const b = await signedIn('9741000004')
    const bystander = await signedIn('9741000005')
    const [sa, sb, sc] = [await streamOnSecond(a.headers), await streamOnSecond(b.headers), await streamOnSecond(bystander.headers)]
    await t.database.db
      .insertInto('inbox_messages')
      .values([a.userId, b.userId, a.userId].map((user_id, i) => ({ user_id, kind: 'vip_changed', params: JSON.stringify({ fromLevel: i, toLevel: i + 1 }), link: null, created_at: t.clock.now() })))
      .execute()
    expect(body(await sa.next((e) => body(e).messages.length > 0)).messages).toHaveLength(2)
    expect(body(await sb.next((e) => body(e).messages.length > 0)).messages).toHaveLength(1)
    // The bystander's stream had its first event only (its own later messages would come after these).
    await t.database.db.transaction().execute((trx) => addInboxMessage(trx, { userId: bystander.userId, kind: 'support_reply', params: { threadId: 9 }, now: t.clock.now() }))
    const own = await sc.next((e) => body(e).messages.length > 0)
    expect(body(own).messages.map((m) => m.params.threadId)).toEqual([9])
    expect(sc.events).toHaveLength(2)
  })
})

describe('a listing', () => {
  it("made on one app joins the other app's feed when it commits, not on the market job's next run", async () => {
    const detail = async () => (await second.inject({ method: 'POST', url: '/api/vue/stock/detail', payload: { symbol: 'PUSHCO' } })).json<{ status: number; code?: string }>()
    expect((await detail()).code).toBe('symbol_unknown')
    await t.database.db.transaction().execute((trx) =>
      insertListing(trx, {
        symbol: 'PUSHCO',
        name: 'Pushco Networks',
        sector: SECTORS.it,
        industry: 'Software products',
        sharesOutstanding: 100_000_000,
        freeFloatBp: 2_500,
        referencePrice: 40_000,
        listedAt: t.clock.now() - 60_000,
      }),
    )
    // No job is swept here (intervals are 0 in tests): only the notification can bring it.
    await expect.poll(async () => (await detail()).status, { timeout: 10_000, interval: 20 }).toBe(1)
  })
})
