/**
 * Three API processes behind HAProxy on one PostgreSQL (issue 14), exactly as `npm run cluster`
 * starts them, and `kill -9` of one of them in the middle of mixed load: sign-ins, deposits the
 * demo reviewer decides, market and limit orders, cancels and closes, each mutation with its own
 * Idempotency-Key. The process killed is the one seen holding a job's advisory lock.
 *
 * Afterwards: every mutation is acknowledged (one that was not is sent again with the same key
 * until it is: exactly once), each is in the database once with its one ledger entry, the ledger
 * balances, every job effect happened once (each deposit decided and credited once, each crossing
 * limit order filled once), and the jobs were taken over by a survivor within seconds. Before the
 * load, each process is asked for the same candles and gives the same prices.
 *
 * PostgreSQL only (TEST_DATABASE_URL, as in CI) and HAProxy (/usr/sbin/haproxy).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cluster, startCluster } from '../../../scripts/cluster'
import { type DatabaseHandle, openDatabase } from '../../../server/db/index'
import { JOB_LOCK_NAMESPACE } from '../../../server/jobs/lock'
import { driftedBalances, postEntry, unbalancedEntries } from '../../../server/ledger/repository'
import { HOUSE_PROMOTIONS, LEDGER_REASONS, transfer, userAccount } from '../../../server/ledger/rules'
import { png } from '../pictures'
import { adminQuery, databaseUrl, dropDatabase } from '../helpers'

const adminUrl = process.env.TEST_DATABASE_URL
/**
 * Traded around the clock; the first whose price sits well inside today's band is used. The feed
 * holds a price at the band's edge on a day it would leave it, and there the test's limit orders
 * meant to rest (or to cross) would meet the edge instead.
 */
const COINS = ['SOLINR', 'ETHINR', 'BTCINR', 'XRPINR', 'USDTINR']
let SYMBOL = ''
const USERS = 6
const OPS_PER_USER = 30
/** How long a survivor may take to run the jobs after the holder died. */
const TAKEOVER_LIMIT_MS = 10_000

type Envelope = { status: number; msg?: string; code?: string; data?: unknown }
type Order = { id: number; orderNo: string; status: string; type: string }
type User = { account: string; userId: number; address: string; headers: Record<string, string> }
/** One acknowledged mutation: its key, what it was and the reply's data. */
type Done = { user: User; kind: 'deposit' | 'market' | 'crossing' | 'resting' | 'cancel' | 'close'; key: string; data: unknown }

let cluster: Cluster | null = null
let database: DatabaseHandle | null = null
let name = ''

/** Fetch through the balancer until there is an answer: a refused connection, a 5xx or a 409 in flight is sent again, same key. */
let unacknowledged = 0
/** Of those, 409s: the key's claim was left by the killed process and stays leased until it runs out. */
let leased = 0
async function call(path: string, body: unknown, user: { address: string; headers?: Record<string, string> }, key?: string): Promise<Envelope> {
  const until = Date.now() + 60_000
  for (;;) {
    try {
      const res = await fetch(`${cluster!.url}/api/vue${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': user.address, ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify(body),
      })
      // 502/503: the balancer lost the process mid-request; 409: the dead process's claim on this key is still leased.
      if (res.status < 500 && res.status !== 409) return (await res.json()) as Envelope
      if (res.status === 409) leased++
      await res.body?.cancel()
    } catch {
      // the connection broke: not acknowledged
    }
    unacknowledged++
    if (Date.now() > until) throw new Error(`${path} was never acknowledged`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

type Detail = { price: number; band: { min: number; max: number } | null }

/** The symbol's live price and today's band, as the app's detail screen reads them. */
async function detailOf(symbol: string, user: { address: string; headers?: Record<string, string> }): Promise<Detail> {
  const detail = data<{ quote: { price: number }; band: Detail['band'] }>(await call('/stock/detail', { symbol }, user), 'detail')
  return { price: detail.quote.price, band: detail.band }
}

function data<T>(reply: Envelope, what: string): T {
  if (reply.status !== 1) throw new Error(`${what} refused: ${JSON.stringify(reply)}`)
  return reply.data as T
}

/** Which process holds a job's advisory lock now, or null (the sweeps are short: poll). */
async function lockHolder(): Promise<string | null> {
  const { rows } = await sql<{ app: string }>`
    select a.application_name as app from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.classid = ${JOB_LOCK_NAMESPACE} and l.granted and a.datname = current_database()
    limit 1`.execute(database!.db)
  return rows[0]?.app ?? null
}

async function waitFor<T>(what: string, deadlineMs: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const until = Date.now() + deadlineMs
  for (;;) {
    const found = await probe()
    if (found) return found
    if (Date.now() > until) throw new Error(`${what}: not within ${deadlineMs} ms`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe.skipIf(!adminUrl)('three processes behind HAProxy, one killed mid-load', () => {
  beforeAll(async () => {
    name = `tijori_t_cluster_${randomBytes(5).toString('hex')}`
    await adminQuery(adminUrl!, `CREATE DATABASE ${name}`)
    const url = databaseUrl(adminUrl!, name)
    cluster = await startCluster({
      processes: 3,
      databaseUrl: url,
      port: 0,
      env: {
        LOG_LEVEL: 'warn',
        STATIC_DIR: 'none',
        MARKET_BACKFILL_DAYS: '5',
        // The demo reviewer decides a deposit on its next sweep (every second); positions can be closed at once.
        TIJORI_AUTO_REVIEW: '0',
        TRADING_LOCK: '0m',
      },
    })
    database = await openDatabase({ url })
  }, 240_000)

  afterAll(async () => {
    await cluster?.stop()
    await database?.close()
    await dropDatabase(adminUrl!, name)
  }, 60_000)

  it('acknowledges every operation exactly once, keeps the ledger, and a survivor takes the jobs over', async () => {
    const db = database!.db
    for (const symbol of COINS) {
      const { price, band } = await detailOf(symbol, { address: '10.14.1.1' })
      if (!band || (price > band.min * 1.03 && price < band.max / 1.03)) {
        SYMBOL = symbol
        break
      }
    }
    expect(SYMBOL, 'a coin inside its price band').not.toBe('')
    // Every process makes the same prices: the simulation runs from the seed stored in the database.
    // Each process asked directly (not through the balancer) for the minutes so far and the days.
    const candles = async (port: number, period: string, range: string, before: number) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/vue/stock/kline`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: SYMBOL, period, range, adjust: 'none' }),
      })
      const { t, open, close } = data<{ t: number[]; open: number[]; close: number[] }>((await res.json()) as Envelope, 'kline')
      // Compare the candles that began before both were asked: the one under way is still moving,
      // and a minute may turn between the two replies.
      const n = t.findIndex((start) => start >= before)
      const done = n === -1 ? t.length - 1 : Math.min(n, t.length - 1)
      return { t: t.slice(0, done), open: open.slice(0, done), close: close.slice(0, done) }
    }
    for (const [period, range] of [['day', '1mo'], ['1min', '1w']] as const) {
      const before = Date.now() - 60_000
      const seen = await Promise.all(cluster!.processes.map((p) => candles(p.port, period, range, before)))
      expect(seen[0]!.t.length).toBeGreaterThan(0)
      for (const other of seen.slice(1)) expect(other, `${period} candles`).toEqual(seen[0])
    }

    // Users: registered and signed in through the balancer, each from its own address (the per-address limits).
    const users: User[] = []
    for (let i = 0; i < USERS; i++) {
      const account = `97420000${String(i).padStart(2, '0')}`
      const address = `10.14.0.${i + 1}`
      data(await call('/user/register', { account, password: 'secret123', confirmPassword: 'secret123', inviteCode: 'TIJORI', agree: true }, { address }, randomUUID()), 'register')
      const login = data<{ token: string }>(await call('/user/login', { account, password: 'secret123' }, { address }), 'login')
      const row = await db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()
      // What an approved identity review leaves (the review itself is tested elsewhere), and a starting balance.
      await db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Cluster Trader' }).where('id', '=', row.id).execute()
      await db.transaction().execute((trx) =>
        postEntry(trx, transfer({ reason: LEDGER_REASONS.demoGrant, reference: 'cluster-test', from: HOUSE_PROMOTIONS, to: userAccount(row.id, 'available'), currency: 'INR', amount: 50_000_000_00 }), Date.now()),
      )
      users.push({ account, userId: row.id, address, headers: { token: login.token, account } })
    }

    const done: Done[] = []
    const sessions: { user: User; token: string }[] = []
    let acknowledged = 0
    const mutate = async (user: User, kind: Done['kind'], path: string, body: unknown): Promise<Envelope> => {
      const key = randomUUID()
      const reply = await call(path, body, user, key)
      acknowledged++
      done.push({ user, kind, key, data: data(reply, `${kind} ${path}`) })
      return reply
    }
    const bandNow = async (user: User) => {
      const { price, band } = await detailOf(SYMBOL, user)
      return { price, min: band?.min ?? 1, max: band?.max ?? price * 2 }
    }

    const worker = async (user: User, u: number) => {
      const resting: Order[] = []
      const open: Order[] = []
      let lastDeposit: number | null = null
      for (let i = 0; i < OPS_PER_USER; i++) {
        switch (i % 10) {
          case 0: {
            const login = data<{ token: string }>(await call('/user/login', { account: user.account, password: 'secret123' }, user), 'login')
            sessions.push({ user, token: login.token })
            break
          }
          case 1: {
            // One deposit under review at a time: the previous one must be decided first (by the
            // reviewer job, on whichever process holds it, the killed one's successor included).
            if (lastDeposit !== null) {
              const id = lastDeposit
              await waitFor(`deposit ${id} decided`, 30_000, async () => {
                const list = data<{ data: { id: number; status: string }[] }>(await call('/user/rechargeList', {}, user), 'rechargeList')
                return list.data.some((r) => r.id === id && r.status !== 'pending')
              })
            }
            // The receipt's upload is a step of the deposit, checked through it.
            const upload = data<{ id: number }>(await call('/user/upload', { kind: 'receipt', data: png(u * 1000 + i).toString('base64') }, user, randomUUID()), 'upload')
            const deposit = await mutate(user, 'deposit', '/user/recharge', { channel: 'upi', amount: 500_000 + u * 100 + i, receiptUploadId: upload.id })
            lastDeposit = (deposit.data as { id: number }).id
            break
          }
          case 4: {
            // Above the price: crosses on the engine's next sweep.
            const { price, max } = await bandNow(user)
            await mutate(user, 'crossing', '/order/create', { symbol: SYMBOL, direction: 'long', type: 'limit', price: Math.min(max, Math.round(price * 1.02)), lots: 1, leverage: 1 })
            break
          }
          case 6: {
            // Far below: rests until cancelled.
            const { price, min } = await bandNow(user)
            const reply = await mutate(user, 'resting', '/order/create', { symbol: SYMBOL, direction: 'long', type: 'limit', price: Math.max(min, Math.round(price * 0.8)), lots: 1, leverage: 1 })
            resting.push(reply.data as Order)
            break
          }
          case 8: {
            const order = resting.shift()
            if (order) await mutate(user, 'cancel', '/order/cancel', { id: order.id })
            break
          }
          case 9: {
            const order = open.shift()
            if (order) await mutate(user, 'close', '/order/close', { id: order.id })
            break
          }
          default: {
            const reply = await mutate(user, 'market', '/order/create', { symbol: SYMBOL, direction: i % 2 === 0 ? 'long' : 'short', type: 'market', lots: 1, leverage: 1 })
            open.push(reply.data as Order)
          }
        }
      }
    }

    // The killer: once a third of the work is acknowledged, the process seen holding a job's lock dies.
    const total = USERS * OPS_PER_USER * 0.7
    const killing = (async () => {
      await waitFor('a third of the load', 120_000, async () => acknowledged >= total / 3)
      const holder = await waitFor('a job lock held', 20_000, lockHolder)
      const victim = cluster!.processes.find((p) => p.name === holder)!
      victim.child.kill('SIGKILL')
      const killedAt = Date.now()
      await victim.exited
      const survivor = await waitFor('a survivor holding a job lock', 30_000, async () => {
        const now = await lockHolder()
        return now !== null && now !== victim.name ? now : null
      })
      return { victim: victim.name, survivor, takeoverMs: Date.now() - killedAt }
    })()
    await Promise.all(users.map((user, u) => worker(user, u)))
    const kill = await killing
    console.log(`killed ${kill.victim}; ${kill.survivor} ran a job ${kill.takeoverMs} ms later; ${unacknowledged} sends unacknowledged and sent again (${leased} of them 409, a claim the killed process left leased)`)
    expect(kill.takeoverMs).toBeLessThan(TAKEOVER_LIMIT_MS)

    // Every acknowledged order is there once, and nothing else is: retried keys made no second order.
    const ids = (kind: Done['kind']) => done.filter((d) => d.kind === kind).map((d) => (d.data as Order).id)
    const created = [...ids('market'), ...ids('crossing'), ...ids('resting')]
    expect(new Set(created).size).toBe(created.length)
    const orders = await db.selectFrom('orders').select(['id', 'order_no', 'type', 'status', 'user_id']).where('user_id', 'in', users.map((u) => u.userId)).execute()
    expect(orders.map((o) => o.id).sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b))
    const deposits = done.filter((d) => d.kind === 'deposit').map((d) => (d.data as { id: number }).id)
    const recharges = await db.selectFrom('recharges').select(['id', 'status']).where('user_id', 'in', users.map((u) => u.userId)).execute()
    expect(recharges.map((r) => r.id).sort((a, b) => a - b)).toEqual([...deposits].sort((a, b) => a - b))

    // Job effects, after the kill too: every deposit decided, every crossing limit order filled.
    await waitFor('every deposit decided and every crossing order filled', 30_000, async () => {
      const pending = await db
        .selectFrom('orders')
        .select('id')
        .where('id', 'in', ids('crossing'))
        .where('status', '=', 'pending')
        .union(db.selectFrom('recharges').select('id').where('id', 'in', deposits).where('status', '=', 'pending'))
        .execute()
      return pending.length === 0
    })
    const status = new Map((await db.selectFrom('orders').select(['id', 'status']).where('id', 'in', created).execute()).map((o) => [o.id, o.status]))
    for (const id of ids('cancel')) expect(status.get(id)).toBe('cancelled')
    for (const id of ids('close')) expect(['closed', 'preparing_to_close']).toContain(status.get(id))
    for (const id of ids('crossing')) expect(status.get(id)).not.toBe('pending')
    expect((await db.selectFrom('recharges').select('status').where('id', 'in', deposits).execute()).every((r) => r.status === 'approved')).toBe(true)

    // No effect twice: one entry per (reason, order or deposit), and exactly the ones expected.
    const { rows: entries } = await sql<{ reason: string; reference: string; n: number }>`
      select reason, reference, count(*)::int as n from ledger_entries where reference is not null and reason <> ${LEDGER_REASONS.demoGrant}
      group by reason, reference`.execute(db)
    expect(entries.filter((e) => e.n !== 1)).toEqual([])
    const has = (reason: string, reference: string) => entries.some((e) => e.reason === reason && e.reference === reference)
    const orderNo = new Map(orders.map((o) => [o.id, o.order_no]))
    for (const id of [...ids('market'), ...ids('crossing')]) expect(has(LEDGER_REASONS.positionOpen, orderNo.get(id)!), `fill of ${id}`).toBe(true)
    for (const id of ids('resting')) expect(has(LEDGER_REASONS.orderFreeze, orderNo.get(id)!)).toBe(true)
    for (const id of ids('cancel')) expect(has(LEDGER_REASONS.orderUnfreeze, orderNo.get(id)!)).toBe(true)
    for (const id of deposits) expect(has(LEDGER_REASONS.recharge, `recharge:${id}`), `credit of deposit ${id}`).toBe(true)
    // Each deposit decided once: one inbox message each.
    const { rows: decided } = await sql<{ n: number }>`select count(*)::int as n from inbox_messages where kind = 'review_decided' and user_id in (${sql.join(users.map((u) => u.userId))})`.execute(db)
    expect(decided[0]!.n).toBe(deposits.length)

    // The ledger: every entry balanced, every kept balance the sum of its legs, the whole book zero.
    expect(await unbalancedEntries(db)).toEqual([])
    expect(await driftedBalances(db)).toEqual([])
    const { rows: book } = await sql<{ currency: string; sum: number }>`select currency, sum(amount)::bigint as sum from ledger_legs group by currency`.execute(db)
    for (const row of book) expect(row.sum, row.currency).toBe(0)

    // Every acknowledged sign-in is a live session on whichever process answers.
    for (const { user, token } of sessions) data(await call('/inbox/list', {}, { address: user.address, headers: { token, account: user.account } }), 'a session signed in before the kill')
  }, 240_000)
})
