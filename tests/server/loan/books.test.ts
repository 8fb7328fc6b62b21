/**
 * A seeded random run of loans (issue 12): applications, approvals and rejections, the interest
 * job with the clock moving, repayments of any size (some of them above what is owed or above the
 * cash), cancellations, by several borrowers at once. Afterwards every journal sums to zero, the
 * kept balances are their legs' sums, the loan book is exactly minus what every loan says is owed,
 * the interest earned is every loan's interest accrued, and each loan's own arithmetic adds up.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { driftedBalances, unbalancedEntries } from '../../../server/ledger/repository'
import { HOUSE_LOAN_INTEREST } from '../../../server/loan/ledger-legs'
import { createRng } from '../../../server/market/random'
import { type Loan } from '../../../src/contract/replies'
import { DAY_MS } from '../../../src/lib/loan'
import { createTestApp, type TestApp } from '../helpers'
import { type Trader, grant } from '../trade/accounts'
import { bookBalance, borrower, calls, decide, owedOnBooks } from './fixtures'

const BORROWERS = 6
const ROUNDS = 40

let t: TestApp
let api: ReturnType<typeof calls>
const people: Trader[] = []

beforeAll(async () => {
  // The run spans months: sessions outlive it.
  t = await createTestApp({ config: { tokenTtlSeconds: 400 * 86_400 } })
  api = calls(t)
  for (let i = 0; i < BORROWERS; i++) people.push(await borrower(t, 500_000))
})
afterAll(() => t.close())

async function unpaidOf(who: Trader): Promise<Loan | null> {
  return ((await api.info(who)).body.data as { unpaid: Loan | null }).unpaid
}

describe('a random run of loans', () => {
  it('keeps the books: journals sum to zero, the loan book is minus what is owed, every loan adds up', async () => {
    const rng = createRng(20261125)
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng.uniform() * xs.length)]!
    const amount = (max: number) => 1 + Math.floor(rng.uniform() * max)
    let outcomes = 0
    for (let round = 0; round < ROUNDS; round++) {
      // Everyone acts at once; the answers may be refusals, never errors. Each one's draws are
      // taken before anyone waits, so the run is the same whichever reply comes back first.
      const draws = people.map(() => ({ roll: rng.uniform(), size: rng.uniform(), extra: pick([0, 0, 0, 1_000]) }))
      const replies = await Promise.all(
        people.map(async (who, i) => {
          const { roll, size, extra } = draws[i]!
          const loan = await unpaidOf(who)
          if (loan === null) return api.apply(who, 100_000 + Math.floor(size * 4_900_000))
          if (loan.status === 'pending') return roll < 0.1 ? api.cancel(who, loan.id) : null
          if (roll < 0.1) return api.cancel(who, loan.id)
          if (roll < 0.3) return api.repay(who, loan.id, loan.owed + extra)
          if (roll < 0.6) return api.repay(who, loan.id, 1 + Math.floor(size * loan.owed))
          return null
        }),
      )
      for (const r of replies) {
        if (r === null) continue
        expect(r.statusCode, r.raw).toBeLessThan(500)
        outcomes++
      }
      // The back office decides some of what waits.
      const pending = await t.database.db.selectFrom('loans').select('id').where('status', '=', 'pending').orderBy('user_id').orderBy('id').execute()
      for (const { id } of pending) if (rng.uniform() < 0.7) await decide(t, 'loan', id, rng.uniform() < 0.85)
      // Cash comes in now and then, so repayments can complete.
      for (const who of people) if (rng.uniform() < 0.2) await grant(t, who.userId, amount(2_000_000))
      t.clock.advance(Math.floor(rng.uniform() * 3 * DAY_MS))
      await t.app.jobs.sweep('loan', t.clock.now())
    }
    expect(outcomes).toBeGreaterThan(ROUNDS)

    const statuses = await t.database.db.selectFrom('loans').select('status').execute()
    for (const status of ['borrowing', 'completed', 'rejected', 'cancelled'] as const) expect(statuses.some((s) => s.status === status), status).toBe(true)

    expect(await unbalancedEntries(t.database.db)).toEqual([])
    expect(await driftedBalances(t.database.db)).toEqual([])
    const owed = await owedOnBooks(t)
    expect(owed).toBeGreaterThan(0)
    expect(await bookBalance(t)).toBe(-owed)
    const { rows: earned } = await sql<{ legs: string | number; accrued: string | number }>`
      select (select coalesce(sum(amount), 0) from ledger_legs where account = ${HOUSE_LOAN_INTEREST})::bigint as legs,
             (select coalesce(sum(interest_total), 0) from loans)::bigint as accrued`.execute(t.database.db)
    expect(Number(earned[0]!.legs)).toBe(Number(earned[0]!.accrued))
    const { rows: negative } = await sql`select account from ledger_balances where account like 'user:%' and amount < 0`.execute(t.database.db)
    expect(negative).toEqual([])

    // Each loan: principal repaid + outstanding = amount paid out; interest repaid + outstanding = accrued; repaid = its repayments.
    const { rows: loans } = await sql<{ id: number; bad: boolean }>`
      select l.id,
        (l.disbursed_at is not null and l.principal_outstanding + coalesce(r.principal, 0) <> l.amount)
        or (l.interest_outstanding + coalesce(r.interest, 0) <> l.interest_total)
        or (l.repaid_total <> coalesce(r.total, 0))
        or (l.interest_total <> coalesce(a.interest, 0))
        or (l.accrued_days <> coalesce(a.days, 0)) as bad
      from loans l
      left join (select loan_id, sum(principal_part) as principal, sum(interest_part) as interest, sum(amount) as total from loan_repayments group by loan_id) r on r.loan_id = l.id
      left join (select loan_id, sum(interest) as interest, count(*) as days from loan_accruals group by loan_id) a on a.loan_id = l.id`.execute(t.database.db)
    expect(loans.filter((l) => l.bad)).toEqual([])
  })
})
