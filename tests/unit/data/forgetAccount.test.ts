/**
 * The device forgets an account (issue 9): forgetAccount removes every row of one account, in
 * every per-account table and meta kind of db.ts, and nothing of another; logout and signing in as
 * someone else call it, and logout never drops unsent requests without being told to. The tables
 * are filled from db.ts's own lists and checked by scanning every table, so a per-account cache
 * added later and not forgotten fails here.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_META_KINDS, accountsOnDevice, db, forgetAccount, metaKeys, type OutboxItem } from '../../../src/data/db'
import { login, logout, clearSession } from '../../../src/data/session'
import { countUnsent } from '../../../src/data/outbox'
import { useRealServer } from '../support/realServer'

const server = useRealServer()

const A = '9812345670'
const B = '9823456781'
const PAN_A = 'ABCDE1234F'

// One meta key of each per-account kind; the list comes from db.ts, so a new kind is covered.
function accountMetaKeys(account: string): string[] {
  return ACCOUNT_META_KINDS.map((kind) => `${kind}:${account}${kind === 'upload' || kind === 'supportThread' ? ':7' : ''}`)
}

function outboxItem(account: string, key: string, state: OutboxItem['state'], seq: number): OutboxItem {
  return { key, seq, kind: 'card.add', path: '/user/addBankCard', body: { holder: `holder of ${account}` }, account, state, createdAt: 1, leaseUntil: 0, attempts: 0, nextAttemptAt: 0 }
}

async function fill(account: string, pan: string, seq: number): Promise<void> {
  const now = Date.now()
  await db.meta.bulkPut([
    ...accountMetaKeys(account).map((key) => ({ key, value: { account, pan }, updatedAt: now })),
    ...accountMetaKeys(account).map((key) => ({ key: metaKeys.synced(key), value: now, updatedAt: now })),
    { key: metaKeys.realName(account), value: { status: 'pending', name: 'Asha', reason: null, submission: { pan } }, updatedAt: now },
    { key: metaKeys.synced(metaKeys.fundRecords(account, 'recharge')), value: now, updatedAt: now },
    { key: metaKeys.synced(`${metaKeys.fundRecords(account, 'all')}:2`), value: now, updatedAt: now },
  ])
  await db.user.put({
    account,
    inviteCode: 'X',
    createdAt: 1,
    currency: 'INR',
    balances: { available: 0, frozen: 0, total: 0 } as never,
    flags: { frozen: false, loginBanned: false, disabled: false, noTrade: false, noWithdraw: false },
    realName: { status: 'pending', name: 'Asha', reason: null },
    signIn: { count: 0, lastDay: null, today: false },
  })
  await db.watchlist.put({ account, symbol: 'TCS', addedAt: 1 })
  await db.searchHistory.put({ account, symbol: 'INFY', at: 1 })
  await db.fundEntries.put({ account, id: 1, reason: 'demo_grant', reference: null, createdAt: 1, currency: 'INR', available: 100, frozen: 0 })
  await db.orders.put({ account, id: seq } as never)
  await db.outbox.bulkPut([outboxItem(account, `${account}-done`, 'done', seq), outboxItem(account, `${account}-queued`, 'queued', seq + 1)])
}

/** Every row in every table of the database that mentions `text`. */
async function rowsMentioning(text: string): Promise<{ table: string; row: unknown }[]> {
  const found: { table: string; row: unknown }[] = []
  for (const table of db.tables) {
    for (const row of await table.toArray()) if (JSON.stringify(row).includes(text)) found.push({ table: table.name, row })
  }
  return found
}

beforeEach(async () => {
  await clearSession()
  await Promise.all(db.tables.map((table) => table.clear()))
})

describe('forgetAccount', () => {
  it('removes every row of one account from every table and leaves the other account and the device rows whole', async () => {
    await fill(A, PAN_A, 1)
    await fill(B, 'ZYXWV9876A', 10)
    await db.meta.bulkPut([
      { key: metaKeys.session, value: { token: 't', account: A }, updatedAt: 1 },
      { key: metaKeys.language, value: 'kr', updatedAt: 1 },
      { key: metaKeys.exchangeRates, value: { rates: [] }, updatedAt: 1 },
      { key: metaKeys.synced(metaKeys.stockDetail('TCS')), value: 1, updatedAt: 1 },
    ])
    await db.config.put({ name: 'site_title', value: 'Tijori' })
    const before = await rowsMentioning(B)
    expect(new Set(before.map((r) => r.table))).toEqual(new Set(['meta', 'user', 'watchlist', 'searchHistory', 'fundEntries', 'orders', 'outbox']))
    expect(await accountsOnDevice()).toEqual(expect.arrayContaining([A, B]))

    await forgetAccount(A)

    expect(await rowsMentioning(A)).toEqual([])
    expect(await rowsMentioning(PAN_A)).toEqual([])
    expect(await rowsMentioning(B)).toEqual(before)
    expect(await accountsOnDevice()).toEqual([B])
    expect((await db.meta.get(metaKeys.language))?.value).toBe('kr')
    expect(await db.meta.get(metaKeys.exchangeRates)).toBeDefined()
    expect(await db.meta.get(metaKeys.synced(metaKeys.stockDetail('TCS')))).toBeDefined()
    expect(await db.config.get('site_title')).toBeDefined()
  })

  it('can keep the unsent requests of the account for when it signs in again', async () => {
    await fill(A, PAN_A, 1)
    await forgetAccount(A, { keepOutbox: ['queued', 'sending', 'held', 'failed'] })
    expect((await rowsMentioning(A)).map((r) => r.table)).toEqual(['outbox'])
    expect((await db.outbox.toArray()).map((item) => item.state)).toEqual(['queued'])
  })

  it('marks every meta row of an account with it on write, whoever writes it', async () => {
    await db.meta.put({ key: metaKeys.wallets(A), value: [], updatedAt: 1 })
    await db.meta.update(metaKeys.wallets(A), { value: [1] })
    await db.meta.put({ key: metaKeys.newsTotal('en'), value: 3, updatedAt: 1 })
    expect(await db.meta.where('account').equals(A).primaryKeys()).toEqual([metaKeys.wallets(A)])
    expect((await db.meta.get(metaKeys.newsTotal('en')))?.account).toBeUndefined()
  })
})

describe('logout and signing in forget the account', () => {
  it('logs out: nothing of the account stays on the device', async () => {
    const { account, password } = await server.newAccount()
    await login(account, password)
    await fill(account, PAN_A, 1)
    await db.outbox.delete(`${account}-queued`)
    expect(await logout()).toEqual({ loggedOut: true })
    expect(await rowsMentioning(account)).toEqual([])
    expect(await rowsMentioning(PAN_A)).toEqual([])
  })

  it('refuses to log out while requests are unsent, and logs out discarding them only when told to', async () => {
    const { account, password } = await server.newAccount()
    await login(account, password)
    server.proxy.setMode('down')
    await db.outbox.put(outboxItem(account, 'unsent', 'queued', 1))
    expect(await countUnsent(account)).toBe(1)
    expect(await logout()).toEqual({ loggedOut: false, unsent: 1 })
    expect(await db.outbox.get('unsent')).toBeDefined()
    expect(await db.meta.get(metaKeys.session)).toBeDefined()

    expect(await logout({ discardUnsent: true })).toEqual({ loggedOut: true })
    expect(await rowsMentioning(account)).toEqual([])
  })

  it('signing in as someone else forgets the one before, keeping only its unsent requests', async () => {
    const first = await server.newAccount()
    const second = await server.newAccount()
    await login(first.account, first.password)
    await fill(first.account, PAN_A, 1)
    // The first session ended by a 401 (no logout), then someone else signs in.
    await clearSession()
    await login(second.account, second.password)
    const left = await rowsMentioning(first.account)
    expect(left.map((r) => r.table)).toEqual(['outbox'])
    expect(await rowsMentioning(PAN_A)).toEqual([])
  })
})
