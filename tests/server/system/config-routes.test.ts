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
  'login_limit_account_ip',
  'login_limit_ip',
  'login_slow_after',
  'login_delay_base_ms',
  'login_delay_max_ms',
  'login_window_seconds',
  'password_check_limit',
  'registration_limit_ip',
  'registration_window_seconds',
  'token_ttl_seconds',
  'idempotency_ttl_seconds',
  'demo_invite_code',
  // market and trading (issue 3)
  'market_always_open',
  'market_hours',
  'market_holidays',
  'stream_interval_ms',
  'stream_max_symbols',
  'stock_page_size',
  'stock_page_max',
  'lot_size',
  'lot_crypto_micro',
  'lot_forex_units',
  'max_lots_per_order',
  'leverages',
  'handling_fee_per_lakh',
  'min_handling_fee',
  'stamp_duty_per_lakh',
  'price_band_pct',
  'lock_unit',
  'lock_count',
  'day_trading_cutoff',
  'stop_out_margin_pct',
  'market_order_reconfirm_seconds',
  'order_page_size',
  'order_page_max',
  // money in and out, reviews (issue 4)
  'recharge_min',
  'exchange_currencies',
  'exchange_spread_per_lakh',
  'exchange_reference_rates',
  'recharge_window',
  'recharge_days',
  'withdraw_min',
  'withdraw_max',
  'withdraw_window',
  'withdraw_days',
  'auto_review_seconds',
]

describe('POST /common/config', () => {
  it('publishes every contract name as a string, with or without a type, sent as a string or a number (the original app)', async () => {
    for (const body of [{}, { type: 'all' }, { type: 1 }, { type: '1' }, { type: 0 }, { type: 2.5 }]) {
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
        market_always_open: '1',
        leverages: '1,2,5,10',
        lot_size: '100',
        lock_unit: 'minutes',
        lock_count: '1',
      })
    }
  })
})
