/**
 * VIP levels in real Chromium against the real server (`npm start`'s script, position lock off,
 * its vip job every second through TIJORI_VIP_SWEEP_MS): the demo account opens the VIP page from
 * the market at VIP 0, buys enough at market for the published VIP 1 threshold, and the page shows
 * the traded value and its progress; the job raises the level, the page shows the change and the
 * way to VIP 2; the order form previews the discounted handling fee, which is what the server
 * charges. Then the page opens offline from what was stored. Waits are for states on screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { type Order } from '../../src/contract/replies'
import { formatMoney } from '../../src/lib/money'
import { DEFAULT_VIP_RULES } from '../../src/lib/vip'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { startServer, type RunningServer } from './support/server'
import { DEMO, signIn } from './support/signIn'

const SYMBOL = 'TCS'
/** The demo's published VIP 1 threshold (src/lib/vip.ts defaults): ₹5 lakh traded in 30 days. */
const VIP1 = DEFAULT_VIP_RULES.levels.find((l) => l.level === 1)!

type Envelope<T> = { status: number; msg: string; code?: string; data: T }
type Detail = { quote: { price: number; priceScale: number; lotUnits: number; unitDivisor: number; tickSize: number }; band: { min: number; max: number } | null }

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []
let testToken: string | null = null

async function api<T>(path: string, body: object, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const res = await fetch(`${server.url}/api/vue${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return (await res.json()) as Envelope<T>
}

/** The server's own view of the demo account, through a session of the test's own. */
async function asDemo<T>(path: string, body: object = {}): Promise<T> {
  testToken ??= (await api<{ token: string }>('/user/login', DEMO)).data.token
  const reply = await api<T>(path, body, { token: testToken, account: DEMO.account })
  if (reply.status !== 1) throw new Error(`${path}: ${reply.code ?? ''} ${reply.msg}`)
  return reply.data
}

const serverOrders = async (): Promise<Order[]> => (await asDemo<{ data: Order[] }>('/order/list', { status: 'all', size: 100 })).data

/** "1234.50" for 123450 price units at 100 per rupee, the way a person types it (no float maths). */
function typedPrice(units: number, priceScale: number): string {
  const decimals = String(priceScale).length - 1
  const whole = Math.floor(units / priceScale)
  const part = String(units % priceScale).padStart(decimals, '0')
  return decimals > 0 ? `${whole}.${part}` : String(whole)
}

const level = () => page.getByTestId('vip-level')
const measure = () => page.getByTestId('vip-measure')

beforeAll(async () => {
  server = await startServer({ TRADING_LOCK: '0m', TIJORI_VIP_SWEEP_MS: '1000' })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** Fills the open order form and confirms it. */
async function placeOrder(p: Page, lots: number, limit?: string): Promise<void> {
  await p.getByTestId('order-quote').waitFor()
  if (limit !== undefined) {
    await p.getByTestId('type-limit').click()
    await p.getByTestId('order-price-input').fill(limit)
    await p.getByTestId('order-price-input').press('Enter')
    await expect.poll(() => p.getByTestId('order-price-input').inputValue()).toBe(limit)
  }
  await p.getByTestId('order-lots-input').fill(String(lots))
  await p.getByTestId('order-lots-input').press('Enter')
  await expect.poll(() => p.getByTestId('order-lots-input').inputValue()).toBe(String(lots))
  await expect.poll(() => p.getByTestId('order-submit').isEnabled(), { timeout: 15_000 }).toBe(true)
  await p.getByTestId('order-submit').click()
  await p.getByTestId('order-confirm').waitFor()
  await p.locator('dialog[open]').getByTestId('confirm-ok').click()
}

describe('VIP levels, from the first trade to a level', () => {
  it('opens from the market at VIP 0 with the published levels, and says a level only discounts the fee', async () => {
    await signIn(page, server.url, DEMO)
    await page.goto(`${server.url}/#/market/index`)
    await page.getByTestId('market-vip').click()
    await page.waitForURL(/#\/market\/vip/)
    await expect.poll(() => level().getAttribute('data-level'), { timeout: 15_000 }).toBe('0')
    expect(await measure().getAttribute('data-measure')).toBe('0')
    expect(await measure().getAttribute('data-remaining')).toBe(String(VIP1.minMeasure))
    expect(await page.getByTestId('vip-level-row').count()).toBe(DEFAULT_VIP_RULES.levels.length)
    expect(await page.getByTestId('vip-outlook').getAttribute('data-kind')).toBe('floor')
    expect(await page.getByTestId('vip-benefit').textContent()).toContain('never changes leverage')
    await expect.poll(() => page.getByTestId('vip-updated').textContent()).toMatch(/Last updated/)
  })

  it('shows the traded value and its progress after a market buy', async () => {
    // Enough lots that one side reaches VIP 1 at today's price.
    const { quote } = (await api<Detail>('/stock/detail', { symbol: SYMBOL })).data
    const perLot = Math.ceil((quote.lotUnits * quote.price) / quote.unitDivisor)
    const lots = Math.ceil(VIP1.minMeasure / perLot) + 1
    const before = await serverOrders()
    await page.goto(`${server.url}/#/market/marketBuy?symbol=${SYMBOL}&direction=long`)
    await placeOrder(page, lots)
    await page.waitForURL(/#\/trade\/index\?tab=open/, { timeout: 20_000 })
    const [bought] = (await serverOrders()).filter((o) => !before.some((b) => b.id === o.id))
    expect(bought).toMatchObject({ symbol: SYMBOL, status: 'holding', lots })
    expect(bought!.contractAmount).toBeGreaterThanOrEqual(VIP1.minMeasure)

    await page.goto(`${server.url}/#/market/vip`)
    await expect.poll(() => measure().getAttribute('data-measure'), { timeout: 15_000 }).toBe(String(bought!.contractAmount))
    expect(await page.getByTestId('vip-measure-value').textContent()).toBe(formatMoney(bought!.contractAmount))
    // VIP 1's threshold is reached (the job raises the level); at VIP 1 already, the way to VIP 2 has begun.
    expect(Number(await measure().getAttribute('data-progress'))).toBeGreaterThan(0)
  })

  it('shows the level the job set, the change as an event, and the way to VIP 2', async () => {
    await expect.poll(async () => {
      await page.reload()
      return level().getAttribute('data-level', { timeout: 10_000 })
    }, { timeout: 30_000, interval: 1_000 }).toBe('1')
    expect(await level().getAttribute('data-discount')).toBe(String(VIP1.feeDiscountPct))
    const change = page.getByTestId('vip-change').first()
    expect(await change.getAttribute('data-from')).toBe('0')
    expect(await change.getAttribute('data-to')).toBe('1')
    expect(await page.locator('[data-testid=vip-level-row][aria-current=true]').getAttribute('data-level')).toBe('1')
    const info = await asDemo<{ measure: number; next: { level: number; remaining: number } | null; downgrade: { at: number; toLevel: number } | null }>('/vip/info')
    expect(await measure().getAttribute('data-remaining')).toBe(String(info.next?.remaining))
    // If no more trades were made, the buy leaves the 30-day window and the level falls.
    expect(await page.getByTestId('vip-outlook').getAttribute('data-kind')).toBe('drops')
    expect(await page.getByTestId('vip-outlook').getAttribute('data-at')).toBe(String(info.downgrade?.at))
  })

  it('previews the next order with the discounted handling fee, which is what the server charges', async () => {
    const { quote, band } = (await api<Detail>('/stock/detail', { symbol: SYMBOL })).data
    // A limit price just inside the lower band rests pending, its fee frozen at that price: the preview's.
    const tick = Math.max(1, quote.tickSize)
    const limit = (Math.ceil((band ? band.min : Math.floor(quote.price / 2)) / tick) + 2) * tick
    const typed = typedPrice(limit, quote.priceScale)
    const before = await serverOrders()
    await page.goto(`${server.url}/#/market/marketBuy?symbol=${SYMBOL}&direction=long`)
    await page.getByTestId('order-quote').waitFor()
    await page.getByTestId('type-limit').click()
    await page.getByTestId('order-price-input').fill(typed)
    await page.getByTestId('order-price-input').press('Enter')
    await expect.poll(() => page.getByTestId('order-vip').textContent(), { timeout: 15_000 }).toBe(`VIP 1: −${VIP1.feeDiscountPct}%`)
    const previewFee = await page.getByTestId('order-fee').locator('dd').textContent()
    await placeOrder(page, 1, typed)
    await page.waitForURL(/#\/trade\/index\?tab=pending/, { timeout: 20_000 })
    const [pending] = (await serverOrders()).filter((o) => !before.some((b) => b.id === o.id))
    expect(pending).toMatchObject({ type: 'limit', limitPrice: limit, status: 'pending' })
    expect(previewFee).toBe(formatMoney(pending!.fee))
  })

  it('opens offline from what was stored, with its last-updated time', async () => {
    await page.goto(`${server.url}/#/market/vip`)
    await expect.poll(() => level().getAttribute('data-level'), { timeout: 15_000 }).toBe('1')
    await waitUntilOfflineReady(page)
    await context.setOffline(true)
    try {
      await page.reload()
      await expect.poll(() => level().getAttribute('data-level'), { timeout: 15_000 }).toBe('1')
      await expect.poll(() => page.getByTestId('vip-updated').textContent()).toMatch(/Last updated .*Offline/)
      expect(await page.getByTestId('vip-change').count()).toBeGreaterThan(0)
    } finally {
      await context.setOffline(false)
    }
    expect(pageErrors).toEqual([])
  })
})
