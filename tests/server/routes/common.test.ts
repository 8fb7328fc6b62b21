import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const CONTRACT_NAMES = [
  'site_title',
  'site_logo',
  'profile',
  'market_simulated',
  'currency',
  'timezone',
  'password_min',
  'password_max',
  'signin_reward',
  'news_page_size',
  'news_page_max',
  'login_limit_account',
  'login_limit_ip',
  'login_window_seconds',
  'token_ttl_seconds',
  'idempotency_ttl_seconds',
  'demo_invite_code',
]

describe('POST /common/config', () => {
  it('publishes every contract name as a string, with or without a type', async () => {
    for (const body of [{}, { type: 'all' }]) {
      const res = await t.call('/common/config', body)
      expect(res.body.status).toBe(1)
      const items = res.body.data as { name: string; value: unknown }[]
      expect(items.map((i) => i.name).sort()).toEqual([...CONTRACT_NAMES].sort())
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
      })
    }
  })
})
