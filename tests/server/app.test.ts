import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtDist, createTestApp, type TestApp } from './helpers'
import { ADMIN_PATHS } from './admin/admin-paths'

let t: TestApp
let dist: Awaited<ReturnType<typeof builtDist>>
beforeAll(async () => {
  dist = await builtDist({
    'index.html': '<!doctype html><title>Tijori</title>',
    'sw.js': 'self.skipWaiting()',
    'admin.html': '<!doctype html><title>Tijori back office</title>',
    'assets/index-abc123.js': 'console.log(1)',
  })
  t = await createTestApp({ staticDir: dist.dir })
})
afterAll(async () => {
  await t.close()
  await dist.remove()
})

describe('GET /api/health', () => {
  it('names the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.json()).toEqual({ status: 1, msg: 'ok', data: { db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' } })
  })
})

describe('GET /api/docs/json', () => {
  it('documents every route with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    expect(doc.openapi).toMatch(/^3\./)
    const paths = doc.paths as Record<string, Record<string, { requestBody?: unknown; security?: unknown; parameters?: { name: string }[] }>>
    const calls = [
      '/api/vue/common/config',
      '/api/vue/user/register',
      '/api/vue/user/login',
      '/api/vue/user/logout',
      '/api/vue/user/info',
      '/api/vue/user/loginPass',
      '/api/vue/user/signIn',
      '/api/vue/news/list',
      '/api/vue/news/detail',
      '/api/vue/stock/list',
      '/api/vue/stock/search',
      '/api/vue/stock/detail',
      '/api/vue/stock/kline',
      '/api/vue/user/Optionallist',
      '/api/vue/user/addOptional',
      '/api/vue/user/delOptional',
      '/api/vue/order/create',
      '/api/vue/order/cancel',
      '/api/vue/order/close',
      '/api/vue/order/list',
      '/api/vue/fund/records',
      '/api/vue/fund/export',
      '/api/vue/user/usdtAddress',
      '/api/vue/user/setUsdtAddress',
      '/api/vue/user/delUsdtAddress',
      '/api/vue/user/upload',
      '/api/vue/user/uploadData',
      '/api/vue/user/realName',
      '/api/vue/user/realNameInfo',
      '/api/vue/user/bankList',
      '/api/vue/user/addBankCard',
      '/api/vue/user/fundPass',
      '/api/vue/user/withdraw',
      '/api/vue/user/withdrawList',
      '/api/vue/user/wallets',
      '/api/vue/user/exchangeRates',
      '/api/vue/user/exchange',
      '/api/vue/user/rechargeChannels',
      '/api/vue/user/recharge',
      '/api/vue/user/rechargeList',
      '/api/vue/newStock/list',
      '/api/vue/newStock/detail',
      '/api/vue/newStock/subscribe',
      '/api/vue/newStock/records',
      '/api/vue/newStock/pay',
      '/api/vue/newStock/waive',
      '/api/vue/newStock/draw',
      '/api/vue/follow/list',
      '/api/vue/follow/strategies',
      '/api/vue/follow/detail',
      '/api/vue/follow/invest',
      '/api/vue/follow/redeem',
      '/api/vue/follow/records',
      '/api/vue/loan/info',
      '/api/vue/loan/apply',
      '/api/vue/loan/repay',
      '/api/vue/loan/cancel',
      '/api/vue/loan/credit',
      '/api/vue/loan/records',
      '/api/vue/dividend/list',
      '/api/vue/dividend/apply',
      '/api/vue/block/list',
      '/api/vue/block/detail',
      '/api/vue/block/apply',
      '/api/vue/block/records',
      '/api/vue/block/draw',
      '/api/vue/vip/info',
      '/api/vue/quiz/info',
      '/api/vue/quiz/open',
      '/api/vue/quiz/studied',
      '/api/vue/quiz/start',
      '/api/vue/quiz/submit',
      '/api/vue/inbox/list',
      '/api/vue/inbox/read',
      '/api/vue/support/threads',
      '/api/vue/support/thread',
      '/api/vue/support/create',
      '/api/vue/support/send',
      '/api/vue/support/read',
      '/api/vue/support/close',
      '/api/vue/support/guest/create',
      '/api/vue/support/guest/thread',
      '/api/vue/support/guest/send',
      '/api/vue/support/guest/resetPassword',
      '/api/vue/user/totp/setup',
      '/api/vue/user/totp/enable',
      '/api/vue/user/totp/disable',
      '/api/vue/user/export',
      '/api/vue/user/deletion/info',
      '/api/vue/user/deletion/request',
      '/api/vue/user/deletion/cancel',
      ...ADMIN_PATHS,
    ]
    for (const path of calls) {
      expect(paths[path]?.post?.requestBody, path).toBeDefined()
    }
    expect(paths['/api/health']?.get).toBeDefined()
    expect(paths['/api/vue/stock/stream']?.get?.parameters?.map((p) => p.name)).toEqual(['symbols'])
    expect(paths['/api/vue/inbox/stream']?.get?.security).toEqual([{ token: [], account: [] }])
    expect(Object.keys(paths).sort()).toEqual([...calls, '/api/vue/stock/stream', '/api/vue/inbox/stream', '/api/health'].sort())
    expect(paths['/api/vue/user/info']?.post?.security).toEqual([{ token: [], account: [] }])
    expect(paths['/api/vue/user/signIn']?.post?.parameters?.map((p) => p.name)).toContain('idempotency-key')
  })
})

describe('serving the PWA', () => {
  it('serves index.html and sw.js for revalidation and hashed assets as immutable', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' })
    expect(index.statusCode).toBe(200)
    expect(index.body).toContain('Tijori')
    expect(index.headers['cache-control']).toBe('no-cache')
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' })
    expect(sw.headers['cache-control']).toBe('no-cache')
    const admin = await t.app.inject({ method: 'GET', url: '/admin.html' })
    expect(admin.body).toContain('back office')
    expect(admin.headers['cache-control']).toBe('no-cache')
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('falls back to index.html for app paths but not for API or missing files', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login/start' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.headers['cache-control']).toBe('no-cache')
    for (const url of ['/api/nothing', '/assets/gone-123.js']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'not_found' })
    }
  })
})
