import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entriesOfUser, unbalancedEntries } from '../../../server/ledger/repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { createClock, createTestApp, type TestApp } from '../helpers'

let t: TestApp
let headers: Record<string, string>
let userId: number
beforeAll(async () => {
  // 23:59 in India on 10 January.
  t = await createTestApp({ clock: createClock('2026-01-10T18:29:00Z') })
  await t.register('9600000001')
  headers = await t.login('9600000001', 'secret123')
  userId = (await findUserByAccount(t.database.db, '9600000001'))!.id
})
afterAll(() => t.close())

type Info = { balances: { available: number }; signIn: { count: number; lastDay: string | null; today: boolean } }
const info = async () => (await t.call('/user/info', {}, { headers })).body.data as Info

describe('POST /user/signIn', () => {
  it('credits the reward through the ledger once per India day', async () => {
    const res = await t.call('/user/signIn', {}, { headers, key: true })
    expect(res.body).toEqual({ status: 1, msg: 'ok', data: { count: 1, reward: 1000, day: '2026-01-10' } })
    expect(await info()).toMatchObject({ balances: { available: 1000 }, signIn: { count: 1, lastDay: '2026-01-10', today: true } })
    const entries = await entriesOfUser(t.database.db, userId)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      reason: 'sign_in_reward',
      legs: [
        { account: 'house:promotions', currency: 'INR', amount: -1000 },
        { account: `user:${userId}:available`, currency: 'INR', amount: 1000 },
      ],
    })
  })

  it('refuses a second sign-in the same India day and changes nothing', async () => {
    t.clock.set('2026-01-10T18:29:59Z')
    const res = await t.call('/user/signIn', {}, { headers, key: true })
    expect(res.body).toMatchObject({ status: 0, code: 'already_signed_in', params: { day: '2026-01-10' } })
    expect((await info()).balances.available).toBe(1000)
    expect(await entriesOfUser(t.database.db, userId)).toHaveLength(1)
  })

  it('allows the next India day, two minutes later in UTC', async () => {
    t.clock.set('2026-01-10T18:31:00Z')
    expect((await info()).signIn.today).toBe(false)
    const res = await t.call('/user/signIn', {}, { headers, key: true })
    expect(res.body).toEqual({ status: 1, msg: 'ok', data: { count: 2, reward: 1000, day: '2026-01-11' } })
    expect(await info()).toMatchObject({ balances: { available: 2000 }, signIn: { count: 2, lastDay: '2026-01-11', today: true } })
  })

  it('keeps every ledger entry balanced', async () => {
    expect(await unbalancedEntries(t.database.db)).toEqual([])
    const sums = await t.database.db
      .selectFrom('ledger_legs')
      .select(['entry_id', 'currency', (eb) => eb.fn.sum<number>('amount').as('sum')])
      .groupBy(['entry_id', 'currency'])
      .execute()
    expect(sums.length).toBeGreaterThanOrEqual(3) // the demo grant and two sign-ins
    for (const row of sums) expect(Number(row.sum)).toBe(0)
  })
})
