/**
 * The inbox (issue 13) on the real app and database: one row per event kind written by the
 * event itself (a review decided by a person or the demo's reviewer, a limit order filled, a
 * position squared off or stopped out, an IPO draw, a VIP level change, a failed sign-in), none
 * when the event's transaction rolls back, and /inbox/list and /inbox/read over the caller's rows
 * only, with the unread count and 400s for bad bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findUserByAccount } from '../../../server/accounts/repository'
import { addInboxMessage } from '../../../server/inbox/repository'
import { reviewLink } from '../../../server/inbox/links'
import { fillPending } from '../../../server/trade/service'
import { type InboxMessage, type InboxPage, type InboxUnread } from '../../../src/contract/replies'
import { createClock, createTestApp, operatorDesk, type OperatorDesk, type TestApp } from '../helpers'
import { PNG } from '../pictures'
import { create, detail, orderOf, trader } from '../trade/support'
import { applicant, createIssue } from '../ipo/fixtures'

type Who = { userId: number; account: string; headers: Record<string, string> }

let t: TestApp
let desk: OperatorDesk
let accounts = 0
const newTrader = (paise = 10_000_000_000) => trader(t, `97300${String(++accounts).padStart(5, '0')}`, paise)

beforeAll(async () => {
  // Saturday 10 January 2026, 11:30 India time; the demo market is open around the clock.
  t = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z') })
  desk = await operatorDesk(t)
})
afterAll(() => t.close())

/** Every inbox row of the user, oldest first, straight from the table. */
const rowsOf = (userId: number) => t.database.db.selectFrom('inbox_messages').selectAll().where('user_id', '=', userId).orderBy('id').execute()

const messages = async (userId: number) =>
  (await rowsOf(userId)).map((r) => ({ kind: r.kind, params: JSON.parse(r.params) as Record<string, unknown>, link: r.link, createdAt: r.created_at }))

async function list(who: Who, body: object = {}): Promise<InboxPage> {
  const res = await t.call('/inbox/list', body, { headers: who.headers })
  expect(res.body.status, res.raw).toBe(1)
  return res.body.data as InboxPage
}

async function read(who: Who, ids: number[]): Promise<InboxUnread> {
  const res = await t.call('/inbox/read', { ids }, { headers: who.headers, key: true })
  expect(res.body.status, res.raw).toBe(1)
  return res.body.data as InboxUnread
}

async function signedIn(): Promise<Who> {
  const account = `97310${String(++accounts).padStart(5, '0')}`
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  return { account, headers, userId: (await findUserByAccount(t.database.db, account))!.id }
}

describe('review_decided', () => {
  it("is written by the decision itself, a person's or the demo reviewer's, with the queue, the reason and the queue's screen", async () => {
    const who = await signedIn()
    const up = async (kind: string) => ((await t.call('/user/upload', { kind, data: PNG.toString('base64') }, { headers: who.headers, key: true })).body.data as { id: number }).id
    const submit = async () => {
      const res = await t.call('/user/realName', { name: 'Asha Rao', idNumber: 'AB12345678', pan: 'ABCDE1234F', frontId: await up('id_front'), backId: await up('id_back') }, { headers: who.headers, key: true })
      expect(res.body.status, res.raw).toBe(1)
      return (res.body.data as { id: number }).id
    }
    const first = await submit()
    expect(await rowsOf(who.userId)).toEqual([])
    const rejected = await desk.admin('/reviews/decide', { kind: 'real_name', id: first, approve: false, reason: 'The photo is blurred.' })
    expect(rejected.body.status, rejected.raw).toBe(1)
    expect(await messages(who.userId)).toEqual([
      { kind: 'review_decided', params: { queue: 'real_name', requestId: first, approved: false, reason: 'The photo is blurred.' }, link: '/information/authInfo', createdAt: t.clock.now() },
    ])
    // Deciding it again is refused, and tells nobody anything.
    const again = await desk.admin('/reviews/decide', { kind: 'real_name', id: first, approve: true })
    expect(again.body.code).toBe('review_already_decided')
    expect(await rowsOf(who.userId)).toHaveLength(1)

    // The demo's automatic reviewer goes through the same path.
    const second = await submit()
    t.clock.advance(t.config.autoReviewSeconds! * 1000)
    expect(await t.app.reviews.sweep(t.clock.now())).toBeGreaterThanOrEqual(1)
    const [, approved] = await messages(who.userId)
    expect(approved).toMatchObject({ kind: 'review_decided', params: { queue: 'real_name', requestId: second, approved: true }, link: '/information/authInfo' })
    expect(typeof approved!.params.reason).toBe('string')

    // A deposit's decision links to the fund records.
    const receiptId = await up('receipt')
    const recharge = await t.call('/user/recharge', { channel: 'upi', amount: 600_000, receiptUploadId: receiptId }, { headers: who.headers, key: true })
    expect(recharge.body.status, recharge.raw).toBe(1)
    const rechargeId = (recharge.body.data as { id: number }).id
    expect((await desk.admin('/reviews/decide', { kind: 'recharge', id: rechargeId, approve: true })).body.status).toBe(1)
    expect((await messages(who.userId))[2]).toMatchObject({
      kind: 'review_decided',
      params: { queue: 'recharge', requestId: rechargeId, approved: true, reason: null },
      link: '/information/fundRecord',
    })
  })

  it('links each queue to its screen, and a queue without one to nothing', () => {
    expect(['real_name', 'withdrawal', 'recharge', 'dividend', 'loan', 'credit', 'deletion'].map(reviewLink)).toEqual([
      '/information/authInfo',
      '/information/fundRecord',
      '/information/fundRecord',
      '/information/dividends',
      '/information/loan',
      '/information/loan',
      null,
    ])
    expect(reviewLink('toString')).toBeNull()
  })
})

describe('order_filled', () => {
  it('is written when the sweep fills a resting limit order, linking to the position', async () => {
    const who = await newTrader()
    const { quote, band } = await detail(t, 'ITC')
    const crossed = orderOf(await create(t, who, { symbol: 'ITC', type: 'limit', price: Math.min(band!.max, quote.price + 100) }))
    // One resting below the market stays pending: only the crossed one is told.
    orderOf(await create(t, who, { symbol: 'ITC', type: 'limit', price: band!.min }))
    // Placing is the user's own act: nothing to tell.
    expect(await rowsOf(who.userId)).toEqual([])
    expect((await t.app.trading.sweep(t.clock.now())).filled).toBeGreaterThanOrEqual(1)
    expect(await messages(who.userId)).toEqual([
      {
        kind: 'order_filled',
        params: { orderId: crossed.id, symbol: 'ITC', direction: 'long', lots: 1, price: crossed.limitPrice },
        link: `/trade/positionDetail?id=${crossed.id}`,
        createdAt: t.clock.now(),
      },
    ])
    // A second sweep finds nothing more to fill, and writes nothing more.
    await t.app.trading.sweep(t.clock.now())
    expect(await rowsOf(who.userId)).toHaveLength(1)
  })

  it('is not written when the fill rolls back', async () => {
    const who = await newTrader()
    const { band } = await detail(t, 'ITC')
    const resting = orderOf(await create(t, who, { symbol: 'ITC', type: 'limit', price: band!.min }))
    const row = await t.database.db.selectFrom('orders').selectAll().where('id', '=', resting.id).executeTakeFirstOrThrow()
    const failure = new Error('the fill fails after its writes')
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await fillPending(trx, t.config, row, t.clock.now())
        // Inside the fill's transaction the row is there...
        expect(await trx.selectFrom('inbox_messages').select('kind').where('user_id', '=', who.userId).execute()).toEqual([{ kind: 'order_filled' }])
        throw failure
      }),
    ).rejects.toBe(failure)
    // ...and it went with the fill.
    expect(await rowsOf(who.userId)).toEqual([])
    expect((await t.database.db.selectFrom('orders').select('status').where('id', '=', resting.id).executeTakeFirstOrThrow()).status).toBe('pending')
  })
})

describe('position_closed', () => {
  it("is written for a day-trading square-off with its cause, price and profit, and not for the user's own close", async () => {
    t.clock.set('2026-01-12T06:00:00Z')
    const who = await newTrader()
    const squared = orderOf(await create(t, who, { symbol: 'TCS', dayTrading: true }))
    const own = orderOf(await create(t, who, { symbol: 'INFY' }))
    t.clock.advance(60_000)
    const closed = await t.call('/order/close', { id: own.id }, { headers: who.headers, key: true })
    expect(closed.body.status, closed.raw).toBe(1)
    await t.app.trading.sweep(t.clock.now())
    expect(await rowsOf(who.userId)).toEqual([])

    t.clock.set(squared.squareOffAt!)
    expect((await t.app.trading.sweep(t.clock.now())).squaredOff).toBe(1)
    const order = await t.database.db.selectFrom('orders').selectAll().where('id', '=', squared.id).executeTakeFirstOrThrow()
    expect(order.close_reason).toBe('square_off')
    expect(await messages(who.userId)).toEqual([
      {
        kind: 'position_closed',
        params: { orderId: squared.id, symbol: 'TCS', cause: 'square_off', price: order.exit_price, profit: order.pnl },
        link: `/trade/positionDetail?id=${squared.id}`,
        createdAt: t.clock.now(),
      },
    ])
  })

  it('is written for a stop-out', async () => {
    const who = await newTrader()
    // A long and a short at 10x on a volatile coin: whichever way it moves, one is stopped out.
    const long = orderOf(await create(t, who, { symbol: 'SOLINR', direction: 'long', leverage: 10 }))
    const short = orderOf(await create(t, who, { symbol: 'SOLINR', direction: 'short', leverage: 10 }))
    let stopped = 0
    for (let hour = 0; hour < 60 * 24 && stopped === 0; hour++) {
      t.clock.advance(3_600_000)
      stopped = (await t.app.trading.sweep(t.clock.now())).stoppedOut
    }
    expect(stopped).toBeGreaterThan(0)
    const out = await t.database.db.selectFrom('orders').selectAll().where('id', 'in', [long.id, short.id]).where('close_reason', '=', 'stop_out').execute()
    expect(out.length).toBeGreaterThan(0)
    expect((await messages(who.userId)).filter((m) => m.kind === 'position_closed')).toEqual(
      out.map((o) => ({
        kind: 'position_closed',
        params: { orderId: o.id, symbol: 'SOLINR', cause: 'stop_out', price: o.exit_price, profit: o.pnl },
        link: `/trade/positionDetail?id=${o.id}`,
        createdAt: o.closed_at,
      })),
    )
  })
})

describe('allotment', () => {
  it("is written for every applicant by the draw, won or not, with the lots and what they cost", async () => {
    // 1 lot for 2 applicants asking 2 each: one wins the minimum lot, the other nothing.
    const issue = await createIssue(t.database.db, { at: t.clock.now(), sector: 'Financial Services', industry: 'Finance', retail_shares: 10 })
    const people = [await applicant(t, 1_000_000), await applicant(t, 1_000_000)]
    for (const who of people) {
      const res = await t.call('/newStock/subscribe', { id: issue.id, lots: 2 }, { headers: who.headers, key: true })
      expect(res.body.status, res.raw).toBe(1)
    }
    const sweep = async (at: number) => {
      t.clock.set(at)
      expect((await t.app.jobs.sweep('ipo', at)).ran).toBe(true)
    }
    await sweep(issue.closes_at)
    for (const who of people) expect(await rowsOf(who.userId)).toEqual([])
    await sweep(issue.draw_at)
    const won = await t.database.db.selectFrom('ipo_applications').select(['user_id', 'allotted_lots']).where('issue_id', '=', issue.id).execute()
    for (const who of people) {
      const lots = won.find((a) => a.user_id === who.userId)!.allotted_lots
      expect(await messages(who.userId)).toEqual([
        {
          kind: 'allotment',
          params: { issueId: issue.id, symbol: issue.symbol, appliedLots: 2, wonLots: lots, amountDue: lots * issue.lot_size * issue.price },
          link: '/home/newStockRecord',
          createdAt: issue.draw_at,
        },
      ])
    }
    expect(won.map((a) => a.allotted_lots).sort()).toEqual([0, 1])
    // The later steps tell nothing more, and a sweep run again writes nothing twice.
    await sweep(issue.draw_at)
    await sweep(issue.refund_at)
    for (const who of people) expect(await rowsOf(who.userId)).toHaveLength(1)
  })
})

describe('allotment, reallocated', () => {
  it('is written again for the applicant given lots another waived, with what is left to pay', async () => {
    const issue = await createIssue(t.database.db, { at: t.clock.now(), sector: 'Financial Services', industry: 'Finance', retail_shares: 10, payment_mode: 'pay_after_win' })
    const people = [await applicant(t, 1_000_000), await applicant(t, 1_000_000)]
    for (const who of people) {
      const res = await t.call('/newStock/subscribe', { id: issue.id, lots: 1 }, { headers: who.headers, key: true })
      expect(res.body.status, res.raw).toBe(1)
    }
    for (const at of [issue.closes_at, issue.draw_at]) {
      t.clock.set(at)
      await t.app.jobs.sweep('ipo', at)
    }
    const apps = await t.database.db.selectFrom('ipo_applications').selectAll().where('issue_id', '=', issue.id).execute()
    const winner = apps.find((a) => a.allotted_lots === 1)!
    const other = apps.find((a) => a.allotted_lots === 0)!
    const winnerWho = people.find((p) => p.userId === winner.user_id)!
    t.clock.advance(60_000)
    const waived = await t.call('/newStock/waive', { id: winner.id }, { headers: winnerWho.headers, key: true })
    expect(waived.body.status, waived.raw).toBe(1)
    const told = await messages(other.user_id)
    expect(told).toHaveLength(2)
    expect(told[0]!.params).toMatchObject({ wonLots: 0, amountDue: 0 })
    expect(told[1]).toEqual({
      kind: 'allotment',
      params: { issueId: issue.id, symbol: issue.symbol, appliedLots: 1, wonLots: 1, amountDue: issue.lot_size * issue.price },
      link: '/home/newStockRecord',
      createdAt: t.clock.now(),
    })
    // The one who waived is told nothing more: it was his own act.
    expect(await rowsOf(winner.user_id)).toHaveLength(1)
  })
})

describe('vip_changed', () => {
  it('is written with the vip_changes row by the job, once', async () => {
    const who = await newTrader(0)
    // A level the job stored before, with no trade in the window since: the next sweep lowers it.
    await t.database.db.insertInto('vip_levels').values({ user_id: who.userId, level: 2, measure: 0, computed_at: t.clock.now() }).execute()
    expect((await t.app.jobs.sweep('vip', t.clock.now())).ran).toBe(true)
    const changes = await t.database.db.selectFrom('vip_changes').selectAll().where('user_id', '=', who.userId).execute()
    expect(changes).toHaveLength(1)
    expect(await messages(who.userId)).toEqual([{ kind: 'vip_changed', params: { fromLevel: 2, toLevel: 0 }, link: '/market/vip', createdAt: t.clock.now() }])
    await t.app.jobs.sweep('vip', t.clock.now())
    expect(await rowsOf(who.userId)).toHaveLength(1)
  })
})

describe('sign_in_failed', () => {
  it('is written for each wrong password of an existing account with the count so far, never for an account that does not exist', async () => {
    const who = await signedIn()
    const before = await t.database.db.selectFrom('inbox_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    for (let i = 0; i < 2; i++) {
      const res = await t.call('/user/login', { account: who.account, password: 'wrong-password' }, { remoteAddress: '10.1.0.1' })
      expect(res.body.code, res.raw).toBe('login_failed')
    }
    expect(await messages(who.userId)).toEqual([
      { kind: 'sign_in_failed', params: { count: 1 }, link: '/information/safety', createdAt: t.clock.now() },
      { kind: 'sign_in_failed', params: { count: 2 }, link: '/information/safety', createdAt: t.clock.now() },
    ])
    // The count the inbox gives is the one /user/info shows.
    const info = await t.call('/user/info', {}, { headers: who.headers })
    expect((info.body.data as { failedSignIns: { count: number } }).failedSignIns.count).toBe(2)
    // The right password tells nothing; a wrong one for no account writes no row for anyone.
    await t.login(who.account, 'secret123', '10.1.0.1')
    const nobody = await t.call('/user/login', { account: '9739999999', password: 'wrong-password' }, { remoteAddress: '10.1.0.2' })
    expect(nobody.body.code).toBe('login_failed')
    const after = await t.database.db.selectFrom('inbox_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(after.n) - Number(before.n)).toBe(2)
  })
})

describe('POST /inbox/list and /inbox/read', () => {
  let a: Who
  let b: Who
  const ids: number[] = []
  let bIds: number[] = []

  beforeAll(async () => {
    a = await signedIn()
    b = await signedIn()
    const write = (who: Who, count: number, at: number) =>
      t.database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < count; i++) await addInboxMessage(trx, { userId: who.userId, kind: 'vip_changed', params: { fromLevel: i, toLevel: i + 1 }, link: '/market/vip', now: at + i })
      })
    await write(a, 5, 1_000)
    await write(b, 2, 2_000)
    ids.push(...(await rowsOf(a.userId)).map((r) => r.id))
    bIds = (await rowsOf(b.userId)).map((r) => r.id)
  })

  it('lists only the caller\'s messages, newest first, paged, with the total and the unread count', async () => {
    const first = await list(a, { page: 1, size: 2 })
    expect(first.total).toBe(5)
    expect(first.unread).toBe(5)
    expect(first.data.map((m) => m.id)).toEqual([ids[4], ids[3]])
    expect(first.data[0]).toEqual({ id: ids[4]!, kind: 'vip_changed', params: { fromLevel: 4, toLevel: 5 }, link: '/market/vip', createdAt: 1_004, readAt: null } satisfies InboxMessage)
    expect((await list(a, { page: 3, size: 2 })).data.map((m) => m.id)).toEqual([ids[0]])
    expect((await list(a, { page: 4, size: 2 })).data).toEqual([])
    // The default page is the newest 20.
    expect((await list(a)).data.map((m) => m.id)).toEqual([...ids].reverse())
    expect((await list(b)).data.map((m) => m.id)).toEqual([...bIds].reverse())
  })

  it("marks the named messages read, ignoring another user's ids, and replies what is still unread", async () => {
    const at = t.clock.now()
    expect(await read(a, [ids[0]!, ids[1]!, ...bIds, 999_999_999])).toEqual({ unread: 3 })
    const page = await list(a)
    expect(page.unread).toBe(3)
    expect(page.data.filter((m) => m.readAt !== null).map((m) => [m.id, m.readAt])).toEqual([
      [ids[1], at],
      [ids[0], at],
    ])
    // B's messages are untouched.
    expect((await list(b)).unread).toBe(2)
    expect((await rowsOf(b.userId)).every((r) => r.read_at === null)).toBe(true)
    // Reading one again changes nothing, not even its time.
    t.clock.advance(1_000)
    expect(await read(a, [ids[0]!])).toEqual({ unread: 3 })
    expect((await rowsOf(a.userId))[0]!.read_at).toBe(at)
  })

  it('marks every message read for an empty list, and only the caller\'s', async () => {
    expect(await read(a, [])).toEqual({ unread: 0 })
    expect((await list(a)).unread).toBe(0)
    expect((await list(b)).unread).toBe(2)
  })

  it('replays the reply of a retried read', async () => {
    const key = 'b0f1b7e2-3c1d-4a8e-9f3a-000000000013'
    const first = await t.call('/inbox/read', { ids: [bIds[0]] }, { headers: b.headers, key })
    expect(first.body.data).toEqual({ unread: 1 })
    const retry = await t.call('/inbox/read', { ids: [bIds[0]] }, { headers: b.headers, key })
    expect(retry.raw).toBe(first.raw)
  })

  it('answers 400 for bad bodies and 401 without a session', async () => {
    const bad: [string, unknown][] = [
      ['/inbox/list', { page: 0 }],
      ['/inbox/list', { size: 101 }],
      ['/inbox/list', { page: '1' }],
      ['/inbox/list', { size: 1.5 }],
      ['/inbox/read', {}],
      ['/inbox/read', { ids: 'all' }],
      ['/inbox/read', { ids: [0] }],
      ['/inbox/read', { ids: [-1] }],
      ['/inbox/read', { ids: ['1'] }],
      ['/inbox/read', { ids: [1.5] }],
      ['/inbox/read', { ids: Array.from({ length: 501 }, (_, i) => i + 1) }],
    ]
    for (const [path, body] of bad) {
      const res = await t.call(path, body, { headers: a.headers, key: true })
      expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 40)} ${res.raw}`).toBe(400)
    }
    expect((await t.call('/inbox/list', {})).statusCode).toBe(401)
    expect((await t.call('/inbox/read', { ids: [] }, { key: true })).statusCode).toBe(401)
  })

  it('needs an idempotency key to mark read', async () => {
    const res = await t.call('/inbox/read', { ids: [] }, { headers: a.headers })
    expect(res.body.code).toBe('idempotency_key_required')
  })
})
