/**
 * Copy-trading in real Chromium against the real server (`npm start`'s script, its follow job
 * every second, the demo profile's strategies and products with minute locks): the demo account
 * invests in the one-minute product, confirmed first; the NAV on its record moves with the
 * market; once the lock has passed it redeems, confirmed first; fund records name both steps.
 * Then the products and the records open offline. Waits are for states on screen, never for time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { startServer, type RunningServer } from './support/server'
import { DEMO, signIn } from './support/signIn'

/** The demo product locked for a single minute (server/follow/demo.ts). */
const PRODUCT = 'QC1001'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

const product = () => page.locator(`[data-testid=follow-product][data-number=${PRODUCT}]`)
const record = () => page.locator('[data-testid=follow-record]').first()

beforeAll(async () => {
  server = await startServer({ TIJORI_FOLLOW_SWEEP_MS: '1000' })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('copy-trading, from an investment to its redemption', () => {
  it('lists the strategies with their rules and measured figures', async () => {
    await signIn(page, server.url, DEMO)
    await page.getByTestId('home-strategies').click()
    await page.waitForURL(/#\/home\/qcList/)
    // The job makes the demo strategies on its first sweep: the list refreshes until they are there.
    await expect.poll(() => page.getByTestId('qc-strategy').count(), { timeout: 60_000 }).toBe(3)
    expect(await page.locator('[data-testid=qc-strategy][data-code=momentum]').getByTestId('qc-rule').textContent()).toMatch(/holds in equal value the 5 members/)
    expect(await page.getByTestId('follow-simulated').textContent()).toContain('promises nothing')
  })

  it('invests the minimum in the one-minute product, confirmed first', async () => {
    await page.goto(`${server.url}/#/home/index`)
    await page.getByTestId('home-follow').click()
    await page.waitForURL(/#\/home\/fllow/)
    await expect.poll(() => product().getAttribute('data-status'), { timeout: 60_000 }).toBe('open')
    // Maximum drawdown is the first figure, before any return.
    expect(await product().locator('[data-testid^=metric-]').first().getAttribute('data-testid')).toBe('metric-drawdown')
    await product().getByTestId('follow-open').click()
    await page.waitForURL(/#\/home\/fllowDetail\?id=/)
    await page.getByTestId('follow-detail-nav').waitFor()
    await expect.poll(() => page.getByTestId('follow-trades').getAttribute('data-count'), { timeout: 15_000 }).not.toBeNull()
    await page.getByTestId('follow-nav-chart').waitFor()
    await page.getByTestId('follow-amount').fill('10000')
    await page.getByTestId('follow-stop-toggle').check()
    await page.getByTestId('follow-stop').fill('50')
    await expect.poll(() => page.getByTestId('follow-stop-value').textContent()).toMatch(/₹(4,99\d\.\d\d|5,000\.00) or less/)
    await expect.poll(() => page.getByTestId('follow-submit').isEnabled(), { timeout: 15_000 }).toBe(true)
    await page.getByTestId('follow-submit').click()
    await page.locator('dialog[open]').getByTestId('confirm-ok').click()
    await page.waitForURL(/#\/home\/fllowRecord/)
    await expect.poll(() => record().getAttribute('data-status'), { timeout: 20_000 }).toBe('in_progress')
    expect(await record().textContent()).toContain(PRODUCT)
  })

  it('shows a NAV that moves with the market', async () => {
    const first = await record().getByTestId('follow-record-nav').getAttribute('data-nav')
    // The records refresh while the screen is open; NAV now marks the holdings to the latest quote.
    await expect.poll(() => record().getByTestId('follow-record-nav').getAttribute('data-nav'), { timeout: 60_000 }).not.toBe(first)
  })

  it('redeems once the lock has passed, confirmed first', async () => {
    await expect.poll(() => record().getByTestId('follow-redeem').isEnabled(), { timeout: 90_000 }).toBe(true)
    await record().getByTestId('follow-redeem').click()
    await page.locator('dialog[open]').getByTestId('confirm-ok').click()
    await expect.poll(() => record().getAttribute('data-status'), { timeout: 20_000 }).toBe('ended')
    expect(await record().getAttribute('data-end')).toBe('redeemed')
  })

  it('names the investment and the redemption in fund records', async () => {
    await page.goto(`${server.url}/#/information/fundRecord`)
    const invested = page.locator('[data-testid=fund-record][data-reason=follow_invest]')
    const redeemed = page.locator('[data-testid=fund-record][data-reason=follow_redeem]')
    await expect.poll(() => invested.count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => redeemed.count(), { timeout: 15_000 }).toBe(1)
    expect(await invested.getByTestId('fund-record-title').textContent()).toMatch(/^Copy trading: invested, investment #\d+$/)
    expect(await redeemed.getByTestId('fund-record-title').textContent()).toMatch(/^Copy trading: redeemed, investment #\d+$/)
  })

  it('opens the products and the records offline from what was stored', async () => {
    await page.goto(`${server.url}/#/home/fllow`)
    await product().waitFor()
    await page.goto(`${server.url}/#/home/fllowRecord`)
    await expect.poll(() => record().getAttribute('data-status')).toBe('ended')
    await waitUntilOfflineReady(page)
    await context.setOffline(true)
    try {
      await page.reload()
      await expect.poll(() => record().getAttribute('data-status'), { timeout: 15_000 }).toBe('ended')
      await expect.poll(() => page.getByTestId('follow-records-updated').textContent()).toMatch(/Last updated/)
      await page.goto(`${server.url}/#/home/fllow`)
      await expect.poll(() => product().count(), { timeout: 15_000 }).toBe(1)
      await expect.poll(() => page.getByTestId('follow-updated').textContent()).toMatch(/Last updated/)
    } finally {
      await context.setOffline(false)
    }
    expect(pageErrors).toEqual([])
  })
})
