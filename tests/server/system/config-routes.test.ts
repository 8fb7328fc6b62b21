import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONFIG_NAMES } from '../../../src/contract/config'
import { createTestApp, type TestApp } from '../helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('POST /common/config', () => {
  it('publishes every contract name as a string, with or without a type, sent as a string or a number (the original app)', async () => {
    for (const body of [{}, { type: 'all' }, { type: 1 }, { type: '1' }, { type: 0 }, { type: 2.5 }]) {
      const res = await t.call('/common/config', body)
      expect(res.body.status).toBe(1)
      const items = res.body.data as { name: string; value: unknown }[]
      expect(items.map((i) => i.name).sort()).toEqual([...CONFIG_NAMES].sort())
      for (const item of items) expect(typeof item.value).toBe('string')
      const values = Object.fromEntries(items.map((i) => [i.name, i.value]))
      expect(values).toMatchObject({
        site_title: 'Tijori',
        profile: 'demo',
        signin_reward: '1000',
        password_min: '6',
        password_max: '32',
        news_page_max: '50',
        idempotency_ttl_seconds: '691200',
        demo_invite_code: 'TIJORI',
        market_always_open: '1',
        leverages: '1,2,5,10',
        lot_size: '100',
        lock_unit: 'minutes',
        lock_count: '1',
      })
    }
  })
})
