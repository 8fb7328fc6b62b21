/**
 * A seeded random run of deposits, withdrawals, exchanges and their reviews by several users at
 * once, decided by a person in the back office or by the demo's reviewer (issue 4). Afterwards
 * every journal sums to zero per currency, the kept balances equal the sums of their legs, no
 * pocket in any currency is negative, and each user's frozen rupees are exactly their pending
 * withdrawals.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURRENCIES } from '../../../server/funds/exchange-rules'
import { userAccount } from '../../../server/ledger/rules'
import { createRng } from '../../../server/market/random'
import { driftedBalances, unbalancedEntries } from '../../../server/ledger/repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { REVIEW_KINDS, decideAndAudit, pendingSince } from '../../../server/reviews/service'
import { createTestApp, type TestApp } from '../helpers'
import { png } from '../pictures'

const FUND_PASSWORD = '246810'
const USERS = 6
const ROUNDS = 25

type Customer = { userId: number; headers: Record<string, string>; cardId: number }

let t: TestApp
const customers: Customer[] = []

async function customer(account: string): Promise<Customer> {
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  const userId = (await findUserByAccount(t.database.db, account))!.id
  await t.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Asha Rao' }).where('id', '=', userId).execute()
  await t.call('/user/fundPass', { password: 'secret123', fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD }, { headers, key: true })
  const card = await t.call('/user/addBankCard', { holder: 'Asha Rao', accountNumber: '123456789012', ifsc: 'SBIN0001234', bank: 'SBI', branch: 'Fort' }, { headers, key: true })
  return { userId, headers, cardId: (card.body.data as { id: number }).id }
}

async function wallets(c: Customer): Promise<Record<string, number>> {
  const { rows } = await sql<{ currency: string; amount: number }>`
    select currency, amount from ledger_balances where account = ${userAccount(c.userId, 'available')}`.execute(t.database.db)
  return Object.fromEntries(rows.map((r) => [r.currency, r.amount]))
}

beforeAll(async () => {
  t = await createTestApp({ config: { autoReviewSeconds: 5 } })
  for (let i = 0; i < USERS; i++) customers.push(await customer(String(9_830_000_000 + i)))
})
afterAll(() => t.close())

describe('a random run of money in, out and across currencies', () => {
  it('keeps every journal balanced and every pocket at or above zero', async () => {
    const rng = createRng(20_261_123)
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(rng.uniform() * items.length)]!
    const amountUpTo = (max: number) => Math.max(1, Math.floor(rng.uniform() * max))
    const codes = new Map<string, number>()
    const count = (code: string) => codes.set(code, (codes.get(code) ?? 0) + 1)

    const deposit = async (c: Customer) => {
      const receipt = await t.call('/user/upload', { kind: 'receipt', data: png(rng.uint32()).toString('base64') }, { headers: c.headers, key: true })
      const receiptUploadId = (receipt.body.data as { id: number }).id
      const res = await t.call('/user/recharge', { channel: pick(['bank', 'upi', 'usdt']), amount: 500_000 + amountUpTo(5_000_000), receiptUploadId }, { headers: c.headers, key: true })
      count(res.body.code ?? 'recharge')
    }
    const withdraw = async (c: Customer) => {
      const inr = (await wallets(c)).INR ?? 0
      const res = await t.call('/user/withdraw', { amount: 10_000 + amountUpTo(Math.max(inr * 1.2, 20_000)), cardId: c.cardId, fundPassword: FUND_PASSWORD }, { headers: c.headers, key: true })
      count(res.body.code ?? 'withdraw')
    }
    const exchange = async (c: Customer) => {
      const held = Object.entries(await wallets(c)).filter(([, amount]) => amount > 0)
      const [from, balance] = held.length > 0 && rng.uniform() < 0.9 ? pick(held) : [pick(CURRENCIES), 1_000]
      const res = await t.call('/user/exchange', { from, to: pick(CURRENCIES), amount: amountUpTo(balance * 1.1) }, { headers: c.headers, key: true })
      count(res.body.code ?? 'exchange')
    }
    const review = async () => {
      const kind = pick(REVIEW_KINDS)
      const waiting = await pendingSince(t.database.db, kind, Number.MAX_SAFE_INTEGER)
      if (waiting.length === 0) return
      const { id } = pick(waiting)
      const approve = rng.uniform() < 0.7
      await decideAndAudit(t.database.db, kind, { id, approve, reason: approve ? null : 'Not matching', operator: 'tester', now: t.clock.now() })
    }

    for (let round = 0; round < ROUNDS; round++) {
      // Each user does one thing, all at once, while the back office decides and the clock runs.
      const ops = customers.map((c) => {
        const r = rng.uniform()
        return r < 0.35 ? deposit(c) : r < 0.65 ? withdraw(c) : exchange(c)
      })
      await Promise.all([...ops, review(), review()])
      t.clock.advance(Math.floor(rng.uniform() * 4000))
      if (round % 5 === 4) await t.app.reviews.sweep(t.clock.now())
    }

    const db = t.database.db
    expect(await unbalancedEntries(db)).toEqual([])
    expect(await driftedBalances(db)).toEqual([])
    const { rows: negative } = await sql<{ account: string; currency: string; amount: number }>`
      select account, currency, amount from ledger_balances where account like 'user:%' and amount < 0`.execute(db)
    expect(negative).toEqual([])
    for (const c of customers) {
      const frozen = await sql<{ amount: number }>`
        select coalesce(sum(amount), 0)::bigint as amount from ledger_balances where account = ${userAccount(c.userId, 'frozen')} and currency = 'INR'`.execute(db)
      const pending = await sql<{ amount: number }>`
        select coalesce(sum(amount), 0)::bigint as amount from withdrawals where user_id = ${c.userId} and status = 'pending'`.execute(db)
      expect(frozen.rows[0]!.amount).toBe(pending.rows[0]!.amount)
    }
    // The run really exercised the paths: money came in, went out and changed currency.
    for (const done of ['recharge', 'withdraw', 'exchange']) expect(codes.get(done) ?? 0, JSON.stringify([...codes])).toBeGreaterThan(3)
    expect([...codes.keys()]).toContain('insufficient_balance')
  })
})
