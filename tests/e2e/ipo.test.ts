/**
 * New shares in real Chromium against the real server (`npm start`'s script, its IPO job every
 * half second): an operator creates a pay-after-win issue a few seconds ahead; the demo account
 * applies on the phone, the job closes and draws it, the phone re-runs the draw and finds it
 * matches, pays, and on listing day the shares are a position in the trade tab, which it sells.
 * Then the applications open offline. Waits are for states on screen, never for time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { adminCall, startServer, type RunningServer } from './support/server'
import { demoOperatorToken, signInToBackOffice } from './support/operator'
import { DEMO, signIn } from './support/signIn'
import { reopenUntil } from './support/reopen'

const SYMBOL = 'TJE2EPAY'
const SECOND = 1000

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []
let issue: { opensAt: number; closesAt: number; drawAt: number; refundAt: number; listingAt: number }

/** The application row of the issue on the records screen, re-opened until its status is `want`. */
const recordStatus = (want: string, timeout: number) =>
  reopenUntil(
    page,
    server.url,
    { hash: '/home/newStockRecord', refresh: '/newStock/records' },
    () => page.locator('[data-testid=ipo-record]', { hasText: SYMBOL }).getAttribute('data-status', { timeout: 5_000 }),
    want,
    timeout,
  )

const record = () => page.locator('[data-testid=ipo-record]', { hasText: SYMBOL })

beforeAll(async () => {
  server = await startServer({ TIJORI_IPO_SWEEP_MS: '500' })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  page.on('dialog', (dialog) => void dialog.accept())
  // The window is long enough to sign in and apply on a busy machine; the steps after it are short.
  // The operator first (its password change hashes twice), then the times, so the window still lies ahead.
  const token = await demoOperatorToken(server)
  const now = Date.now()
  issue = { opensAt: now + 2 * SECOND, closesAt: now + 40 * SECOND, drawAt: now + 42 * SECOND, refundAt: now + 70 * SECOND, listingAt: now + 72 * SECOND }
  await adminCall(server.url, '/ipo/create', {
    symbol: SYMBOL,
    name: 'End To End Payments (fictional)',
    sector: 'Financial Services',
    industry: 'Payments',
    sharesOutstanding: 50_000_000,
    freeFloatBp: 2_500,
    price: 25_000,
    lotSize: 40,
    minLots: 1,
    retailShares: 4_000,
    paymentMode: 'pay_after_win',
    ...issue,
  }, token)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('new shares, from application to a position sold', () => {
  it('applies for two lots of the open issue, confirmed first', async () => {
    await signIn(page, server.url, DEMO)
    await page.getByTestId('home-new-shares').click()
    await page.waitForURL(/#\/home\/newStock/)
    const card = page.locator(`[data-testid=ipo-issue][data-symbol=${SYMBOL}]`)
    // The list moves the issue into the open tab by the clock.
    await expect.poll(() => card.getAttribute('data-stage'), { timeout: 30_000 }).toBe('open')
    await card.getByTestId('ipo-apply').click()
    await page.waitForURL(/#\/home\/newStockBuy\?id=/)
    await page.getByTestId('ipo-pan').waitFor()
    await page.getByTestId('ipo-lots-plus').click()
    await expect.poll(() => page.getByTestId('ipo-lots-input').inputValue()).toBe('2')
    // Pay after a win: nothing is blocked, a win costs at most 2 x 40 x ₹250.
    await expect.poll(() => page.getByTestId('ipo-amount').textContent()).toContain('₹20,000.00')
    await expect.poll(() => page.getByTestId('ipo-submit').isEnabled()).toBe(true)
    await page.getByTestId('ipo-submit').click()
    await page.locator('dialog[open]').getByTestId('confirm-ok').click()
    await page.waitForURL(/#\/home\/newStockRecord/)
    await expect.poll(() => record().getAttribute('data-status'), { timeout: 20_000 }).toBe('applied')
  })

  it('shows in the back office with its application, and nothing there chooses an outcome', async () => {
    const desk = await browser.newPage()
    try {
      await signInToBackOffice(desk, server)
      await desk.getByTestId('panel-ipo').click()
      const row = desk.locator(`[data-testid=ipo-row][data-symbol=${SYMBOL}]`)
      await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Applied: 1')
      // Only cancelling is offered, and only before the draw.
      expect(await row.locator('button').allTextContents()).toEqual(['Cancel'])
    } finally {
      await desk.close()
    }
  })

  it('is drawn by the job, and the phone re-runs the draw and finds it matches', async () => {
    await recordStatus('pending_payment', issue.drawAt - Date.now() + 30_000)
    await expect.poll(() => record().getByTestId('ipo-record-allotted').textContent()).toContain('2 lot(s) allotted')
    await record().getByTestId('ipo-record-draw').click()
    await page.waitForURL(/#\/home\/newStockDraw\?id=/)
    await expect.poll(() => page.getByTestId('draw-verdict').getAttribute('data-ok'), { timeout: 30_000 }).toBe('true')
    await expect.poll(() => page.getByTestId('draw-own').getAttribute('data-ok')).toBe('true')
  })

  it('pays what the allotment owes, confirmed first', async () => {
    await page.goto(`${server.url}/#/home/newStockRecord`)
    await expect.poll(() => record().getByTestId('ipo-owed').textContent()).toContain('₹20,000.00')
    await record().getByTestId('ipo-pay').click()
    await page.locator('dialog[open]').getByTestId('confirm-ok').click()
    await recordStatus('paid', 30_000)
  })

  it('lists: the shares are a position in the trade tab, and it sells', async () => {
    await recordStatus('listed', issue.listingAt - Date.now() + 30_000)
    await record().getByTestId('ipo-record-position').click()
    await page.waitForURL(/#\/trade\/positionDetail\?id=/)
    await expect.poll(() => page.getByTestId('position-detail').getAttribute('data-status'), { timeout: 15_000 }).toBe('holding')
    await expect.poll(() => page.getByTestId('position-detail').textContent()).toContain(SYMBOL)
    await expect.poll(() => page.getByTestId('position-close').isEnabled(), { timeout: 15_000 }).toBe(true)
    await page.getByTestId('position-close').click()
    await page.locator('dialog[open]').getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByTestId('position-detail').getAttribute('data-status'), { timeout: 15_000 }).toBe('closed')
  })

  it('opens the applications offline from what was stored', async () => {
    await page.goto(`${server.url}/#/home/newStockRecord`)
    await expect.poll(() => record().getAttribute('data-status')).toBe('listed')
    await waitUntilOfflineReady(page)
    await context.setOffline(true)
    try {
      await page.reload()
      await expect.poll(() => record().getAttribute('data-status'), { timeout: 15_000 }).toBe('listed')
      await expect.poll(() => page.getByTestId('ipo-records-updated').textContent()).toMatch(/Last updated/)
    } finally {
      await context.setOffline(false)
    }
    expect(pageErrors).toEqual([])
  })
})
