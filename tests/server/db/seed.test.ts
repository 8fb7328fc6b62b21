import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { seedIfEmpty } from '../../../server/db/seed'
import { verifyPassword } from '../../../server/accounts/password-hash'
import { balancesOf, entriesOfUser } from '../../../server/ledger/repository'
import { findUserByAccount, inviteCodeExists } from '../../../server/accounts/repository'
import { latestRealNameSubmission } from '../../../server/identity/repository'
import { createTestDatabase, DEMO_ACCOUNT, type TestDatabase } from '../helpers'

let demo: TestDatabase
let production: TestDatabase
let raced: TestDatabase
beforeAll(async () => {
  ;[demo, production, raced] = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()])
})
afterAll(async () => {
  await Promise.all([demo.drop(), production.drop(), raced.drop()])
})

describe('first-start seed', () => {
  it('creates the demo organisation code, account, grant and news once', async () => {
    const config = loadConfig('demo')
    expect(await seedIfEmpty(demo.handle.db, config, 1_000)).toEqual({ seeded: true, demoAccount: true, news: 6 })
    expect(await seedIfEmpty(demo.handle.db, config, 2_000)).toEqual({ seeded: false, demoAccount: false, news: 0 })

    const db = demo.handle.db
    expect(await inviteCodeExists(db, 'TIJORI')).toBe(true)
    const user = (await findUserByAccount(db, DEMO_ACCOUNT.account))!
    expect(user).toMatchObject({ real_name_status: 'verified', real_name: 'Demo User' })
    expect(await verifyPassword(user.password_hash, 'demo1234')).toBe(true)
    expect(await verifyPassword(user.fund_password_hash!, '123456')).toBe(true)
    // An approved identity with a PAN, as a reviewed account has: new shares are filed under it.
    expect(await latestRealNameSubmission(db, user.id)).toMatchObject({ name: 'Demo User', pan: DEMO_ACCOUNT.pan, status: 'approved' })
    expect(await balancesOf(db, user.id)).toEqual({ available: DEMO_ACCOUNT.grant, frozen: 0, total: DEMO_ACCOUNT.grant })
    const entries = await entriesOfUser(db, user.id)
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        reason: 'demo_grant',
        reference: 'demo grant',
        createdAt: 1_000,
        legs: [
          { account: 'house:promotions', currency: 'INR', amount: -DEMO_ACCOUNT.grant },
          { account: `user:${user.id}:available`, currency: 'INR', amount: DEMO_ACCOUNT.grant },
        ],
      },
    ])
    const translations = await db.selectFrom('news_translations').select(['article_id', 'lang']).execute()
    expect(translations).toHaveLength(24)
  })

  it('seeds news but no demo account in production', async () => {
    expect(await seedIfEmpty(production.handle.db, loadConfig('production'), 1_000)).toEqual({ seeded: true, demoAccount: false, news: 6 })
    expect(await findUserByAccount(production.handle.db, DEMO_ACCOUNT.account)).toBeUndefined()
    expect(await inviteCodeExists(production.handle.db, 'TIJORI')).toBe(false)
  })

  it('seeds once when two processes start together on one empty database', async () => {
    const config = loadConfig('demo')
    const results = await Promise.all([seedIfEmpty(raced.handle.db, config, 1_000), seedIfEmpty(raced.handle.db, config, 1_000)])
    expect(results.filter((r) => r.seeded)).toHaveLength(1)
    const articles = await raced.handle.db.selectFrom('news_articles').select('id').execute()
    expect(articles).toHaveLength(6)
  })
})
