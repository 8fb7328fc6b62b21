/**
 * The trading journey in real Chromium against the real server (`npm start`'s script on a free port
 * with a fresh data directory, position lock off through TRADING_LOCK=0m), as the demo account:
 * search -> watchlist -> stock detail with its chart -> market buy -> position -> limit order
 * pending -> cancel -> close -> fund records -> the trade tab, quotes and watchlist offline from the
 * service worker and Dexie -> an order queued offline and sent exactly once online -> a market
 * order that waited over a minute held until confirmed at the current price.
 * Selectors are data-testid and data attributes: the text follows the language catalogs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { startServer, type RunningServer } from './support/server'

const DEMO = { account: '9000000001', password: 'demo1234' }
const SYMBOL = 'TCS'

type Envelope<T> = { status: number; msg: string; code?: string; data: T }
type Order = { id: number; symbol: string; type: 'market' | 'limit'; status: string; limitPrice: number | null; closeReason: string | null; margin: number }
type FundRecord = { id: number; reason: string; reference: string; available: number; frozen: number }
type Detail = { quote: { price: number; priceScale: number; tickSize: number }; band: { min: number; max: number } | null }

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

/** What the journey made, for the later steps. */
const made = { positionId: 0, limitId: 0 }

async function api<T>(path: string, body: object, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const res = await fetch(`${server.url}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return (await res.json()) as Envelope<T>
}

let testToken: string | null = null

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

/** A limit price just inside the lower price band: accepted, and far below any price this test sees. */
async function farLimitPrice(): Promise<{ price: number; typed: string }> {
  const detail = await api<Detail>('/stock/detail', { symbol: SYMBOL })
  const { price, priceScale, tickSize } = detail.data.quote
  const floor = detail.data.band ? detail.data.band.min : Math.floor(price / 2)
  const tick = Math.max(1, tickSize)
  const limit = (Math.ceil(floor / tick) + 2) * tick
  expect(limit).toBeLessThan(price)
  return { price: limit, typed: typedPrice(limit, priceScale) }
}

// A failure says where the page was and what it showed: one under load (a watchlist row missing
// for 30 s, once in many runs) could not be reproduced alone.
beforeEach(() => {
  onTestFailed(async () => {
    const seen = await page
      ?.evaluate(() => ({ url: location.href, innerHeight, scrollY, main: document.querySelector('main')?.innerText.slice(0, 600) }))
      .catch((error: unknown) => String(error))
    console.log('the page at the failure:', JSON.stringify(seen))
  })
})

async function logIn(p: Page): Promise<void> {
  await p.goto(`${server.url}/#/login/login`)
  await p.locator('input[name=account]').fill(DEMO.account)
  await p.locator('input[name=password]').fill(DEMO.password)
  await p.locator('button[type=submit]').click()
  await p.waitForURL(/#\/home\/index/)
  await expect.poll(() => p.getByTestId('account-number').textContent()).toBe(DEMO.account)
}

/** Fills the open order form as a limit order at `typed` rupees and confirms it. */
async function placeLimitOrder(p: Page, typed: string): Promise<void> {
  await p.getByTestId('order-quote').waitFor()
  await p.getByTestId('type-limit').click()
  await p.getByTestId('order-price-input').fill(typed)
  await p.getByTestId('order-price-input').press('Enter')
  await expect.poll(() => p.getByTestId('order-price-input').inputValue()).toBe(typed)
  await expect.poll(() => p.getByTestId('order-submit').isEnabled()).toBe(true)
  await p.getByTestId('order-submit').click()
  await p.getByTestId('order-confirm').waitFor()
  await confirm(p)
}

/** Confirms the open dialog (closed dialogs stay in the DOM, hidden). */
async function confirm(p: Page): Promise<void> {
  await p.locator('dialog[open]').getByTestId('confirm-ok').click()
  await p.locator('dialog[open]').waitFor({ state: 'detached' })
}

function card(p: Page, id: number) {
  return p.locator(`[data-testid=order-card][data-id="${id}"]`)
}

async function openTab(p: Page, tab: string): Promise<void> {
  await p.getByTestId(`trade-tab-${tab}`).click()
  await p.waitForURL(new RegExp(`#/trade/index\\?tab=${tab}`))
}

beforeAll(async () => {
  server = await startServer({ TRADING_LOCK: '0m' })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the trading journey', () => {
  it('declares the type of the favicon each page links, as the server sends it', async () => {
    for (const file of ['/', '/admin.html']) {
      const html = await (await fetch(`${server.url}${file}`)).text()
      const link = /<link rel="icon" href="([^"]+)" type="([^"]+)"/.exec(html)
      expect(link, file).not.toBeNull()
      const icon = await fetch(`${server.url}${link![1]}`)
      expect(icon.status).toBe(200)
      expect(icon.headers.get('content-type')?.split(';')[0]).toBe(link![2])
    }
  })

  it('logs in, finds a stock by code and adds it to the watchlist', async () => {
    await logIn(page)
    await page.goto(`${server.url}/#/favorite/search`)
    await page.getByTestId('search-input').fill(SYMBOL.toLowerCase())
    const hit = page.getByTestId('search-hit').filter({ has: page.locator('.qrow-code', { hasText: new RegExp(`^${SYMBOL}$`) }) })
    await hit.first().waitFor()
    // The exact code comes first.
    await expect.poll(() => page.getByTestId('search-hit').first().locator('.qrow-code').textContent()).toBe(SYMBOL)
    await hit.first().click()
    await page.waitForURL(new RegExp(`#/market/stockDetail\\?symbol=${SYMBOL}`))

    const star = page.getByTestId('detail-watch')
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('false')
    await star.click()
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true')
    await expect
      .poll(async () => (await asDemo<{ data: { symbol: string }[] }>('/user/Optionallist')).data[0]?.symbol, { timeout: 15_000 })
      .toBe(SYMBOL)
    const watched = (await asDemo<{ data: { symbol: string }[] }>('/user/Optionallist')).data

    await page.goto(`${server.url}/#/favorite/index`)
    const row = page.locator(`[data-testid=quote-row][data-symbol=${SYMBOL}]`)
    await row.waitFor()
    await expect.poll(() => page.getByTestId('quote-row').count()).toBe(watched.length)
    await expect.poll(() => row.getByTestId('watch-toggle').getAttribute('aria-pressed')).toBe('true')

    // Search remembers what was opened from it.
    await page.goto(`${server.url}/#/favorite/search`)
    await expect.poll(() => page.getByTestId('search-history').getByTestId('search-hit').first().locator('.qrow-code').textContent()).toBe(SYMBOL)
  })

  it('opens the stock from the watchlist and draws its chart', async () => {
    await page.goto(`${server.url}/#/favorite/index`)
    await page.locator(`[data-testid=quote-row][data-symbol=${SYMBOL}] a`).first().click()
    await page.waitForURL(new RegExp(`#/market/stockDetail\\?symbol=${SYMBOL}`))
    await expect.poll(() => page.getByTestId('quote-head').textContent()).toContain(SYMBOL)
    const canvas = page.getByTestId('chart').locator('[data-testid=chart-canvas] canvas')
    await expect.poll(() => canvas.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    const size = await canvas.first().evaluate((el) => ({ width: (el as HTMLCanvasElement).width, height: (el as HTMLCanvasElement).height }))
    expect(size.width).toBeGreaterThan(100)
    expect(size.height).toBeGreaterThan(100)
    // Candles were painted: many pixels in the rising or the falling colour, not just axes.
    const painted = () =>
      canvas.first().evaluate((el) => {
        const c = el as HTMLCanvasElement
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
        let n = 0
        for (let i = 0; i < data.length; i += 4) {
          const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!]
          if ((g > 100 && r < 60 && b < 100) || (r > 170 && g < 80 && b < 80)) n++
        }
        return n
      })
    await expect.poll(painted, { timeout: 20_000 }).toBeGreaterThan(500)
    // 1-minute candles come over a week only: no range would make a reply too big to send.
    await expect.poll(() => page.getByTestId('chart-1w').count()).toBe(1)
    expect(await page.getByTestId('chart-1y').count()).toBe(0)
    // CHART_SHOTS=<folder> keeps a picture of each chart, to check its axis labels by eye.
    if (process.env.CHART_SHOTS) await page.getByTestId('chart').screenshot({ path: `${process.env.CHART_SHOTS}/chart-1min-1w.png` })
    // Another period redraws from its own series.
    await page.getByTestId('chart-day').click()
    await page.waitForURL(/period=day/)
    await expect.poll(() => canvas.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    // Month candles move to the range that shows more than a sliver of them: a year.
    await page.getByTestId('chart-month').click()
    await page.waitForURL(/period=month&range=1y|range=1y&period=month/)
    expect(await page.getByTestId('chart-1w').count()).toBe(0)
    await expect.poll(painted, { timeout: 20_000 }).toBeGreaterThan(500)
    if (process.env.CHART_SHOTS) await page.getByTestId('chart').screenshot({ path: `${process.env.CHART_SHOTS}/chart-month-1y.png` })
  })

  it('buys one lot at market and the position appears in progress', async () => {
    const before = await serverOrders()
    await page.getByTestId('buy-button').click()
    await page.waitForURL(new RegExp(`#/market/marketBuy\\?.*symbol=${SYMBOL}`))
    await page.getByTestId('order-quote').waitFor()
    await expect.poll(() => page.getByTestId('type-market').getAttribute('aria-pressed')).toBe('true')
    await expect.poll(() => page.getByTestId('order-lots-input').inputValue()).toBe('1')
    // Zero lots is not lost silently: the field goes to the minimum and says what the rule is.
    await page.getByTestId('order-lots-input').fill('0')
    await page.getByTestId('order-lots-input').press('Enter')
    await expect.poll(() => page.getByTestId('order-lots-input').inputValue()).toBe('1')
    await page.getByTestId('order-lots-adjusted').waitFor()
    // What is taken is worded for the order type: a market order freezes nothing.
    await expect.poll(() => page.getByTestId('order-debit-rule').textContent()).toContain('A market order fills at once')
    await page.getByTestId('type-limit').click()
    await expect.poll(() => page.getByTestId('order-debit-rule').textContent()).toContain('A limit order freezes this amount')
    await page.getByTestId('type-market').click()
    await expect.poll(() => page.getByTestId('order-submit').isEnabled()).toBe(true)
    await page.getByTestId('order-submit').click()
    await page.getByTestId('order-confirm').waitFor()
    await confirm(page)

    await page.waitForURL(/#\/trade\/index\?tab=open/, { timeout: 20_000 })
    const orders = (await serverOrders()).filter((o) => !before.some((b) => b.id === o.id))
    expect(orders).toHaveLength(1)
    const position = orders[0] as Order
    expect(position).toMatchObject({ symbol: SYMBOL, type: 'market', status: 'holding' })
    made.positionId = position.id
    await expect.poll(() => card(page, position.id).getAttribute('data-status')).toBe('holding')
    await expect.poll(() => page.getByTestId('order-card').count()).toBe(before.filter((o) => o.status === 'holding').length + 1)
    // The holdings summary, from Dexie: invested is the margin the server froze, the value is
    // invested plus the P&L, both P&Ls are known once the quote is on the device.
    const summary = page.getByTestId('trade-summary')
    await summary.waitFor()
    const margins = (await serverOrders()).filter((o) => o.status === 'holding' || o.status === 'locked').reduce((sum, o) => sum + o.margin, 0)
    await expect.poll(() => summary.getAttribute('data-invested')).toBe(String(margins))
    await expect.poll(() => summary.getAttribute('data-total-pnl')).toMatch(/^-?\d+$/)
    await page.getByTestId('trade-priced-at').waitFor()
    const figures = await summary.evaluate((el) => ({ ...(el as HTMLElement).dataset }))
    expect(Number(figures.currentValue)).toBe(Number(figures.invested) + Number(figures.totalPnl))
    expect(figures.dayPnl).toMatch(/^-?\d+$/)
    expect(await page.getByTestId('trade-day-pnl').textContent()).not.toBe('—')
  })

  it('places a limit order far below the price: pending, then cancelled', async () => {
    const before = await serverOrders()
    const limit = await farLimitPrice()
    await page.goto(`${server.url}/#/market/marketBuy?symbol=${SYMBOL}&direction=long`)
    await placeLimitOrder(page, limit.typed)

    await page.waitForURL(/#\/trade\/index\?tab=pending/, { timeout: 20_000 })
    const pending = (await serverOrders()).filter((o) => !before.some((b) => b.id === o.id))
    expect(pending).toHaveLength(1)
    const order = pending[0] as Order
    expect(order).toMatchObject({ symbol: SYMBOL, type: 'limit', limitPrice: limit.price })
    made.limitId = order.id
    await expect.poll(() => card(page, order.id).getAttribute('data-status')).toBe('pending')

    // The dialog's two buttons say two different things: keep it, or cancel it.
    await page.locator('.order-item', { has: card(page, order.id) }).getByTestId('order-cancel').click()
    const dialog = page.locator('dialog[open]')
    expect(await dialog.getByTestId('confirm-back').textContent()).toBe('Keep order')
    expect(await dialog.getByTestId('confirm-ok').textContent()).toBe('Cancel order')
    await dialog.getByTestId('confirm-back').click()
    await dialog.waitFor({ state: 'detached' })
    expect((await serverOrders()).find((o) => o.id === order.id)?.status).toBe('pending')
    await page.locator('.order-item', { has: card(page, order.id) }).getByTestId('order-cancel').click()
    await confirm(page)
    await expect.poll(() => card(page, order.id).count(), { timeout: 15_000 }).toBe(0)
    expect((await serverOrders()).find((o) => o.id === order.id)?.status).toBe('cancelled')

    await openTab(page, 'ended')
    await expect.poll(() => card(page, order.id).getAttribute('data-status')).toBe('cancelled')
    // It never opened: its limit shows, no open price, no close price, no profit or loss.
    const headline = card(page, order.id).getByTestId('order-headline-price')
    expect(await headline.getAttribute('data-kind')).toBe('limit')
    expect(await headline.locator('dt').textContent()).toBe('Limit')
    expect(await card(page, order.id).getByTestId('order-pnl').count()).toBe(0)
  })

  it('closes the position from its detail screen', async () => {
    await openTab(page, 'open')
    await card(page, made.positionId).click()
    await page.waitForURL(new RegExp(`#/trade/positionDetail\\?id=${made.positionId}`))
    await expect.poll(() => page.getByTestId('position-detail').getAttribute('data-status')).toBe('holding')
    await expect.poll(() => page.getByTestId('position-close').isEnabled()).toBe(true)
    await page.getByTestId('position-close').click()
    await confirm(page)
    await expect.poll(() => page.getByTestId('position-detail').getAttribute('data-status'), { timeout: 15_000 }).toBe('closed')
    await expect.poll(() => page.getByTestId('position-close').count()).toBe(0)
    const closed = (await serverOrders()).find((o) => o.id === made.positionId)
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'user' })

    await page.goto(`${server.url}/#/trade/index?tab=ended`)
    await expect.poll(() => card(page, made.positionId).getAttribute('data-status')).toBe('closed')
    await expect.poll(() => card(page, made.limitId).getAttribute('data-status')).toBe('cancelled')
    await openTab(page, 'open')
    await card(page, made.positionId).waitFor({ state: 'detached' })
  })

  it('lists every money movement in the fund records, as the server does', async () => {
    const ledger = (await asDemo<{ data: FundRecord[] }>('/fund/records', { size: 100 })).data
    // Newest first: the close, the cancelled limit order's release and freeze, the buy; the grant is the account's first.
    expect(ledger.slice(0, 4).map((r) => r.reason)).toEqual(['position_close', 'order_unfreeze', 'order_freeze', 'position_open'])
    expect(ledger.map((r) => r.reason)).toContain('demo_grant')
    const freeze = ledger.find((r) => r.reason === 'order_freeze') as FundRecord
    const unfreeze = ledger.find((r) => r.reason === 'order_unfreeze') as FundRecord
    expect(freeze.frozen).toBeGreaterThan(0)
    expect(unfreeze.frozen).toBe(-freeze.frozen)

    await page.getByTestId('nav-account').click()
    await page.locator('a[href="/#/information/fundRecord"]').click()
    await page.waitForURL(/#\/information\/fundRecord/)
    const reasons = () => page.getByTestId('fund-record').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.reason))
    // The screen shows the newest ten (more on request); the demo grant is among them on a fresh account.
    await expect.poll(reasons, { timeout: 15_000 }).toEqual(ledger.slice(0, 10).map((r) => r.reason))
    expect(await reasons()).toContain('demo_grant')
  })

  it('opens the trade tab, the market and the watchlist offline with what was stored', async () => {
    await page.goto(`${server.url}/#/market/index`)
    await expect.poll(() => page.getByTestId('quote-row').count(), { timeout: 20_000 }).toBeGreaterThan(5)
    await page.goto(`${server.url}/#/trade/index?tab=ended`)
    await expect.poll(() => card(page, made.positionId).getAttribute('data-status')).toBe('closed')
    await waitUntilOfflineReady(page)

    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true)
    await expect.poll(() => card(page, made.positionId).getAttribute('data-status')).toBe('closed')
    await expect.poll(() => card(page, made.limitId).getAttribute('data-status')).toBe('cancelled')

    await page.getByTestId('trade-tab-open').click()
    await page.getByTestId('trade-empty').waitFor()
    await card(page, made.positionId).waitFor({ state: 'detached' })

    // The quotes list and the watchlist come from Dexie, saying when they were last updated.
    await page.goto(`${server.url}/#/market/index`)
    await expect.poll(() => page.getByTestId('quote-row').count()).toBeGreaterThan(5)
    await expect.poll(() => page.getByTestId('mkt-updated').first().getAttribute('data-synced')).not.toBe('')
    await page.goto(`${server.url}/#/favorite/index`)
    await page.locator(`[data-testid=quote-row][data-symbol=${SYMBOL}]`).first().waitFor()
    await expect.poll(() => page.getByTestId('mkt-updated').first().getAttribute('data-synced')).not.toBe('')
  })

  it('queues an order placed offline and sends it exactly once when back online', async () => {
    const before = await serverOrders()
    const limit = await farLimitPrice()
    await page.goto(`${server.url}/#/market/marketBuy?symbol=${SYMBOL}&direction=long`)
    await placeLimitOrder(page, limit.typed)

    await page.getByTestId('order-queued').waitFor()
    await expect.poll(() => page.getByTestId('outbox-badge').textContent()).toContain('1')
    await page.getByTestId('outbox-badge').click()
    await expect.poll(() => page.getByTestId('outbox-item').getAttribute('data-state')).toBe('queued')
    await page.keyboard.press('Escape')
    expect(await serverOrders()).toHaveLength(before.length)
    // The trade tab shows it as waiting, among the pending orders.
    await page.goto(`${server.url}/#/trade/index?tab=pending`)
    await expect.poll(() => page.getByTestId('queued-order').getAttribute('data-state')).toBe('queued')

    await context.setOffline(false)
    await expect.poll(() => page.getByTestId('queued-order').count(), { timeout: 20_000 }).toBe(0)
    const after = await serverOrders()
    const fresh = after.filter((o) => !before.some((b) => b.id === o.id))
    expect(fresh).toHaveLength(1)
    const sent = fresh[0] as Order
    expect(sent).toMatchObject({ symbol: SYMBOL, type: 'limit', status: 'pending', limitPrice: limit.price })
    await expect.poll(() => card(page, sent.id).getAttribute('data-status')).toBe('pending')
    await expect.poll(() => page.getByTestId('outbox-badge').count()).toBe(0)
    // Once the outbox is empty nothing is left to send: still exactly one new order.
    expect(await serverOrders()).toHaveLength(before.length + 1)
  })

  it('holds a market order that waited over a minute, and places it once when confirmed at the current price', async () => {
    const before = await serverOrders()
    await page.goto(`${server.url}/#/market/marketBuy?symbol=${SYMBOL}&direction=long`)
    await page.getByTestId('order-quote').waitFor()
    await context.setOffline(true)
    await expect.poll(() => page.getByTestId('order-submit').isEnabled()).toBe(true)
    await page.getByTestId('order-submit').click()
    await page.getByTestId('order-confirm').waitFor()
    await confirm(page)
    await page.getByTestId('order-queued').waitFor()
    // Two minutes pass on the train: the queued market order is now older than the rule allows.
    // Not while an attempt is on its way: it was claimed before the clock moved, and its request,
    // started offline, may still reach the server once the network is back. Any claim after this
    // sees the order's new age.
    const rewound = () =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve, reject) => {
            const open = indexedDB.open('tijori')
            open.onerror = () => reject(open.error)
            open.onsuccess = () => {
              const tx = open.result.transaction('outbox', 'readwrite')
              const store = tx.objectStore('outbox')
              const all = store.getAll()
              let done = false
              all.onsuccess = () => {
                const items = all.result as { createdAt: number; state: string }[]
                if (items.some((item) => item.state === 'sending')) return
                for (const item of items) store.put({ ...item, createdAt: item.createdAt - 120_000 })
                done = true
              }
              tx.oncomplete = () => {
                open.result.close()
                resolve(done)
              }
            }
          }),
      )
    await expect.poll(rewound, { timeout: 20_000 }).toBe(true)

    await context.setOffline(false)
    // Held, not sent: the form asks to confirm at the price now.
    await page.getByTestId('held-confirm').waitFor({ timeout: 20_000 })
    await expect.poll(() => page.getByTestId('held-note').textContent()).toContain('₹')
    expect(await serverOrders()).toHaveLength(before.length)
    await expect.poll(() => page.getByTestId('order-submit').isEnabled()).toBe(false)

    await page.getByTestId('held-confirm').click()
    await page.waitForURL(/#\/trade\/index\?tab=open/, { timeout: 20_000 })
    const fresh = (await serverOrders()).filter((o) => !before.some((b) => b.id === o.id))
    expect(fresh).toHaveLength(1)
    expect(fresh[0]).toMatchObject({ symbol: SYMBOL, type: 'market' })
    await expect.poll(() => page.getByTestId('outbox-badge').count()).toBe(0)
    expect(await serverOrders()).toHaveLength(before.length + 1)
  })

  it('says which day-trading rule applies and, past the cut-off, when the next window opens', async () => {
    // A page of its own whose clock reads 23:50 India time today: past the demo's 23:45 cut-off.
    const today = new Date().toISOString().slice(0, 10)
    const at = Date.parse(`${today}T18:20:00Z`)
    const next = new Date(at + 86_400_000).toISOString().slice(0, 10).replaceAll('-', '.')
    const other = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
    const p = await other.newPage()
    p.on('pageerror', (error) => pageErrors.push(String(error)))
    try {
      await p.clock.setFixedTime(at)
      await logIn(p)
      await p.goto(`${server.url}/#/home/dayTrading`)
      await expect.poll(() => p.getByTestId('daytrading-session').getAttribute('data-always-open')).toBe('true')
      expect(await p.getByTestId('daytrading-session').textContent()).toContain('00:00 to 23:45')
      await expect.poll(() => p.getByTestId('daytrading-state').getAttribute('data-open')).toBe('false')
      expect(await p.getByTestId('daytrading-state').textContent()).toContain(`${next} 00:00:00`)
      expect(await p.getByTestId('daytrading-long').getAttribute('aria-disabled')).toBe('true')
    } finally {
      await other.close()
    }
  })

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([])
  })
})
