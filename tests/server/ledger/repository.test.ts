import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOUSE_PROMOTIONS, transfer, userAccount } from '../../../server/ledger/rules'
import { balancesOf, postEntries, postEntry, unbalancedEntries } from '../../../server/ledger/repository'
import { insertOrganisationCode, insertUser, lockUsers } from '../../../server/accounts/repository'
import { createTestDatabase, type TestDatabase } from '../helpers'
import { lockWaiters } from '../locks'

let t: TestDatabase
let userId: number
beforeAll(async () => {
  t = await createTestDatabase()
  await insertOrganisationCode(t.handle.db, 'ORG', 'test', 0)
  userId = (await t.handle.db.transaction().execute((trx) => insertUser(trx, { account: '9000000009', passwordHash: 'x', invitedByCode: 'ORG', now: 0 })))!.id
})
afterAll(() => t.drop())

const grant = (amount: number) =>
  transfer({ reason: 'demo_grant', reference: null, from: HOUSE_PROMOTIONS, to: userAccount(userId, 'available'), currency: 'INR', amount })

describe('ledger repository', () => {
  it('derives balances from the legs', async () => {
    await t.handle.db.transaction().execute((trx) => postEntry(trx, grant(1500), 1))
    await t.handle.db.transaction().execute((trx) =>
      postEntry(
        trx,
        transfer({ reason: 'demo_grant', reference: null, from: userAccount(userId, 'available'), to: userAccount(userId, 'frozen'), currency: 'INR', amount: 500 }),
        2,
      ),
    )
    expect(await balancesOf(t.handle.db, userId)).toEqual({ available: 1000, frozen: 500, total: 1500 })
    expect(await unbalancedEntries(t.handle.db)).toEqual([])
  })

  it('refuses, in the database too, legs that do not sum to zero', async () => {
    const attempt = t.handle.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('ledger_entries').values({ reason: 'demo_grant', reference: null, operator: null, created_at: 3 }).returning('id').executeTakeFirstOrThrow()
      await trx.insertInto('ledger_legs').values([
        { entry_id: id, account: userAccount(userId, 'available'), currency: 'INR', amount: 100 },
        { entry_id: id, account: HOUSE_PROMOTIONS, currency: 'INR', amount: -99 },
      ]).execute()
    })
    await expect(attempt).rejects.toThrow(/does not sum to zero/)
    expect(await balancesOf(t.handle.db, userId)).toEqual({ available: 1000, frozen: 500, total: 1500 })
  })

  it('serialises two balance changes of one user behind the row lock', async () => {
    const events: string[] = []
    let releaseFirst!: () => void
    const firstHoldsLock = new Promise<void>((resolve) => {
      const first = t.handle.db.transaction().execute(async (trx) => {
        await lockUsers(trx, [userId])
        // On PostgreSQL the lock goes with the transaction's next statement (SENT_WITH_NEXT): it is
        // held once that one has run.
        await balancesOf(trx, userId)
        events.push('first locked')
        resolve()
        await new Promise<void>((r) => (releaseFirst = r))
        await postEntry(trx, grant(1), 4)
        events.push('first commits')
      })
      void first
    })
    await firstHoldsLock
    const second = t.handle.db.transaction().execute(async (trx) => {
      await lockUsers(trx, [userId])
      events.push('second locked')
      await postEntry(trx, grant(1), 5)
    })
    // The second is blocked: on PostgreSQL its session waits for the lock (PGlite: for the session).
    await lockWaiters(t.handle)
    expect(events).toEqual(['first locked'])
    releaseFirst()
    await second
    expect(events).toEqual(['first locked', 'first commits', 'second locked'])
    expect((await balancesOf(t.handle.db, userId)).available).toBe(1002)
    const { rows } = await sql<{ n: number }>`select count(*) as n from ledger_entries`.execute(t.handle.db)
    expect(rows[0]?.n).toBe(4)
  })

  it('posts several entries in one statement, in the order given, each with its own time', async () => {
    for (const amounts of [[7], [11, 13, 17]]) {
      const times = amounts.map((_, i) => 100 + i)
      const ids = await t.handle.db.transaction().execute((trx) => postEntries(trx, amounts.map(grant), times))
      expect(ids).toEqual([...ids].sort((a, b) => a - b))
      const entries = await t.handle.db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_legs as l', 'l.entry_id', 'e.id')
        .select(['e.id', 'e.created_at', 'l.amount'])
        .where('e.id', 'in', ids)
        .where('l.account', '=', userAccount(userId, 'available'))
        .orderBy('e.id')
        .execute()
      expect(entries).toEqual(ids.map((id, i) => ({ id, created_at: times[i], amount: amounts[i] })))
    }
    expect(await unbalancedEntries(t.handle.db)).toEqual([])
  })

  // One session to look in: PostgreSQL's pool prepares on each of its connections.
  it.skipIf(!!process.env.TEST_DATABASE_URL)('prepares that statement once for every number of entries (db/columns.ts)', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like '%insert into ledger_legs%' and statement not like '%pg_prepared_statements%'`.execute(t.handle.db)
    expect(rows[0]?.n).toBe(1)
  })
})
