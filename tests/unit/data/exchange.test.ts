/**
 * Currency exchange through the data layer against the real server (routes /user/wallets,
 * /user/exchangeRates, /user/exchange), through the real proxy: wallets and rates cached in
 * db.meta for offline, an exchange sent at once and never queued, refusals with their rule.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiRefusal, NetworkError } from '../../../src/data/api'
import { db } from '../../../src/data/db'
import {
  EXCHANGE_RATES_KEY,
  exchangeCurrency,
  refreshExchangeRates,
  refreshWallets,
  storedExchangeRates,
  storedWallets,
  walletsKey,
} from '../../../src/data/exchange'
import { login } from '../../../src/data/session'
import { syncedAt } from '../../../src/data/sync'
import { previewExchange } from '../../../src/lib/exchange'
import { useRealServer } from '../support/realServer'
import { grant } from './funding'

const server = useRealServer()
let account: string

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.meta.clear(), db.user.clear()])
  const created = await server.newAccount()
  account = created.account
  await login(account, created.password)
  await grant(server, account, 1_000_000)
})

describe('wallets and rates', () => {
  it('stores every wallet and the rates for offline, and keeps them when the network is gone', async () => {
    expect(await storedWallets(account)).toBeNull()
    expect(await storedExchangeRates()).toBeNull()
    await Promise.all([refreshWallets(), refreshExchangeRates()])
    const wallets = await storedWallets(account)
    expect(wallets?.map((w) => w.currency)).toEqual(['INR', 'CNY', 'TWD', 'HKD', 'USD', 'THB', 'JPY', 'VND', 'MYR', 'KRW'])
    expect(wallets?.[0]).toMatchObject({ currency: 'INR', available: 1_000_000 })
    const rates = await storedExchangeRates()
    expect(rates).toMatchObject({ base: 'INR', spreadPerLakh: 500 })
    expect(rates?.rates.find((r) => r.currency === 'USD')).toMatchObject({ source: 'market' })
    expect(await syncedAt(walletsKey(account))).toBeTypeOf('number')
    expect(await syncedAt(EXCHANGE_RATES_KEY)).toBeTypeOf('number')

    server.proxy.setMode('down')
    await expect(refreshWallets()).resolves.toBeUndefined()
    await expect(refreshExchangeRates()).resolves.toBeUndefined()
    expect(await storedWallets(account)).toEqual(wallets)
    expect(await storedExchangeRates()).toEqual(rates)
  })
})

describe('exchangeCurrency', () => {
  it('exchanges at once, gets what the preview said at the same rates, and refreshes the wallets and balance', async () => {
    const rates = (await refreshExchangeRates())!
    const preview = previewExchange({ from: 'INR', to: 'USD', amountIn: 250_000, rates: Object.fromEntries(rates.rates.map((r) => [r.currency, r.mid])), spreadPerLakh: rates.spreadPerLakh })
    if (!preview.ok) throw new Error(preview.code)
    // The test clock stands still, so the server quotes at the rates just fetched.
    const done = await exchangeCurrency({ from: 'INR', to: 'USD', amount: 250_000, minAmountOut: preview.amountOut }, crypto.randomUUID())
    expect(done).toMatchObject({ from: 'INR', to: 'USD', amountIn: 250_000, amountOut: preview.amountOut })
    const wallets = await storedWallets(account)
    expect(wallets?.find((w) => w.currency === 'INR')).toMatchObject({ available: 750_000 })
    expect(wallets?.find((w) => w.currency === 'USD')).toMatchObject({ available: preview.amountOut })
    expect((await db.user.get(account))?.balances.available).toBe(750_000)
  })

  it('says which rule refused', async () => {
    const refused = exchangeCurrency({ from: 'INR', to: 'USD', amount: 2_000_000 }, crypto.randomUUID())
    await expect(refused).rejects.toBeInstanceOf(ApiRefusal)
    await expect(refused).rejects.toMatchObject({ code: 'insufficient_balance', params: { available: 1_000_000, required: 2_000_000, currency: 'INR' } })
    await expect(exchangeCurrency({ from: 'USD', to: 'USD', amount: 100 }, crypto.randomUUID())).rejects.toMatchObject({ code: 'exchange_same_currency' })
  })

  it('is never queued offline: it fails at once and nothing waits to be sent later', async () => {
    server.proxy.setMode('down')
    await expect(exchangeCurrency({ from: 'INR', to: 'JPY', amount: 100_000 }, crypto.randomUUID())).rejects.toBeInstanceOf(NetworkError)
    expect(await db.outbox.count()).toBe(0)
    server.proxy.setMode('pass')
    await refreshWallets()
    expect((await storedWallets(account))?.find((w) => w.currency === 'INR')).toMatchObject({ available: 1_000_000 })
  })
})
