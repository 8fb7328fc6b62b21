import { beforeEach, describe, expect, it } from 'vitest'
import { BootError, getConfigNumber, getConfigValue, loadConfig } from '../../../src/data/config'
import { type ConfigName } from '../../../src/contract/config'
import { db } from '../../../src/data/db'
import { syncedAt } from '../../../src/data/sync'
import { useRealServer } from '../support/realServer'

const server = useRealServer()

beforeEach(async () => {
  await Promise.all([db.config.clear(), db.meta.clear()])
})

describe('loadConfig', () => {
  it('loads the published rules from the server into db.config and memory', async () => {
    expect(await loadConfig()).toBe('network')
    expect(getConfigValue('site_title')).toBe('Tijori')
    expect(getConfigNumber('password_min', 0)).toBe(6)
    expect(getConfigNumber('signin_reward', 0)).toBe(1000)
    expect((await db.config.get('currency'))?.value).toBe('INR')
    expect(await syncedAt('config')).toBeTypeOf('number')
    expect(await syncedAt()).toBeTypeOf('number')
  })

  it('replaces the stored copy, so a rule the server no longer publishes goes away', async () => {
    await db.config.put({ name: 'retired_rule', value: '1' })
    await loadConfig()
    expect(await db.config.get('retired_rule')).toBeUndefined()
    // A name no longer declared: only a stored copy from an older server could hold it.
    expect(getConfigValue('retired_rule' as ConfigName)).toBeUndefined()
  })

  it('uses the stored copy when offline', async () => {
    await db.config.bulkPut([
      { name: 'site_title', value: 'Tijori (cached)' },
      { name: 'password_max', value: '32' },
    ])
    server.proxy.setMode('down')
    expect(await loadConfig()).toBe('cache')
    expect(getConfigValue('site_title')).toBe('Tijori (cached)')
    expect(getConfigNumber('password_max', 0)).toBe(32)
  })

  it('starts from the stored copy when the server is slow, and takes the late answer when it comes', async () => {
    await db.config.put({ name: 'site_title', value: 'Tijori (cached)' })
    server.proxy.setMode('stall')
    expect(await loadConfig({ waitWithCopyMs: 200 })).toBe('cache')
    expect(getConfigValue('site_title')).toBe('Tijori (cached)')
    server.proxy.setMode('pass')
    await expect.poll(() => getConfigValue('site_title')).toBe('Tijori')
    expect((await db.config.get('site_title'))?.value).toBe('Tijori')
  })

  it('cannot start offline without a stored copy', async () => {
    server.proxy.setMode('down')
    await expect(loadConfig()).rejects.toBeInstanceOf(BootError)
  })
})

describe('getConfigNumber', () => {
  it('falls back when the value is missing or not a number', async () => {
    await db.config.bulkPut([
      { name: 'stock_page_size', value: 'abc' },
      { name: 'news_page_size', value: ' ' },
    ])
    server.proxy.setMode('down')
    await loadConfig()
    expect(getConfigNumber('stock_page_size', 5)).toBe(5)
    expect(getConfigNumber('news_page_size', 7)).toBe(7)
    expect(getConfigNumber('order_page_size', 9)).toBe(9)
  })
})
