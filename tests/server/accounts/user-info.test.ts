/** /user/info on a real database: the restrictions the back office set, each with its reason, only the user's own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setFlag } from '../../../server/accounts/flag-repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { createTestApp, type TestApp } from '../helpers'

let t: TestApp
let alice: Record<string, string>
let bob: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  await t.register('9320000001')
  await t.register('9320000002')
  alice = await t.login('9320000001', 'secret123')
  bob = await t.login('9320000002', 'secret123')
})
afterAll(() => t.close())

const info = async (headers: Record<string, string>) => (await t.call('/user/info', {}, { headers })).body.data as { flags: Record<string, boolean>; restrictions: unknown[] }

describe('POST /user/info restrictions', () => {
  it('has none for an account the back office has not restricted', async () => {
    expect((await info(alice)).restrictions).toEqual([])
  })

  it('names each flag set on the account with the reason given, and no other user’s', async () => {
    const user = await findUserByAccount(t.database.db, '9320000001')
    await setFlag(t.database.db, { userId: user!.id, flag: 'no_trade', reason: 'KYC documents expired', setBy: 'ops', now: t.clock.now() })
    await setFlag(t.database.db, { userId: user!.id, flag: 'no_withdraw', reason: 'Card under review', setBy: 'ops', now: t.clock.now() })
    const mine = await info(alice)
    expect(mine.restrictions).toEqual([
      { flag: 'no_trade', reason: 'KYC documents expired' },
      { flag: 'no_withdraw', reason: 'Card under review' },
    ])
    expect(mine.flags).toMatchObject({ noTrade: true, noWithdraw: true, frozen: false })
    expect((await info(bob)).restrictions).toEqual([])
  })
})
