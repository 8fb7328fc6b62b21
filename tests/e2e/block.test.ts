/**
 * Block trades in real Chromium against the real server (`npm start`'s script, its block job every
 * half second): an operator creates a morning offering a few seconds ahead; the demo account opens
 * it on the phone, sees its price worked out from the previous close inside the band, applies for
 * the minimum (confirmed first) and the money the phone showed is what the server froze; the job
 * allocates, the record shows the allocation, the phone re-runs the allocation's draw, and the
 * position is locked in the trade tab until its unlock time. Then the offerings, the records and
 * the offering open offline. Waits are for states on screen, never for time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { adminCall, startServer, type RunningServer } from './support/server'
import { demoOperatorToken } from './support/operator'
import { DEMO, signIn } from './support/signIn'
import { reopenUntil as reopen } from './support/reopen'

// A listed stock the demo's own offerings do not use (server/block/demo.ts), so its card is ours.
const SYMBOL = 'ASIANPAINT'
const SECOND = 1000

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []
let offering: { id: number; opensAt: number; closesAt: number; allocateAt: number }
let frozenShown = ''

const record = () => page.locator(`[data-testid=block-record][data-symbol=${SYMBOL}]`)

/** Opens `hash`, waiting for `path`'s refresh, until `read` gives `want` (a stage the server moves on). */
const reopenUntil = (hash: string, path: string, read: () => Promise<string | null>, want: string, timeout: number) =>
  reopen(page, server.url, { hash, refresh: path }, read, want, timeout)

beforeAll(async () => {
  server = await startServer({ TIJORI_BLOCK_SWEEP_MS: '500' })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  const token = await demoOperatorToken(server)
  // The window is long enough to sign in and apply on a busy machine, and opens late enough for
  // a slow first reply to still ask for the future; the allocation follows at once.
  const now = Date.now()
  const times = { opensAt: now + 10 * SECOND, closesAt: now + 52 * SECOND, allocateAt: now + 53 * SECOND }
  const created = await adminCall<{ id: number }>(
    server.url,
    '/block/create',
    { symbol: SYMBOL, session: 'morning', shares: 100_000, lotSize: 10, ...times, discountBps: 200, lockUnit: 'minute', lockCount: 30 },
    token,
  )
  offering = { id: created.id, ...times }
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('block trades, from an application to a locked position', () => {
  it('lists the offering from home, and opens it with its price worked out inside the band', async () => {
    await signIn(page, server.url, DEMO)
    await page.getByTestId('home-block-trades').click()
    await page.waitForURL(/#\/home\/blockTrade$/)
    const card = page.locator(`[data-testid=block-offering][data-symbol=${SYMBOL}]`)
    // The card moves to "open" by the clock.
    await expect.poll(() => card.getAttribute('data-stage'), { timeout: 30_000 }).toBe('open')
    await card.getByTestId('block-open').click()
    await page.waitForURL(/#\/home\/blockTradeDetail\?id=/)
    // The job prices it from the feed when the window opens; the detail shows it once fetched after.
    await reopenUntil(`/home/blockTradeDetail?id=${offering.id}`, '/block/detail', () => page.getByTestId('block-band-verdict').getAttribute('data-ok', { timeout: 5_000 }), 'true', 30_000)
    expect(await page.getByTestId('block-step-reference').textContent()).toContain('the previous close')
    expect(await page.getByTestId('block-step-discount').textContent()).toContain('2.00%')
    expect(await page.getByTestId('block-step-price').textContent()).not.toContain('does not follow')
    expect(await page.getByTestId('block-rules').textContent()).toContain('30 minute(s) after allocation')
  })

  it('applies for the minimum in whole lots, confirmed first, and the server freezes what the phone showed', async () => {
    // The stepper starts at the fewest lots that reach both minimums (100 shares and ₹20,00,000).
    await expect.poll(() => page.getByTestId('block-submit').isEnabled(), { timeout: 15_000 }).toBe(true)
    expect(await page.getByTestId('block-check').count()).toBe(0)
    frozenShown = (await page.getByTestId('block-frozen').locator('dd').textContent()) ?? ''
    expect(frozenShown).toMatch(/^₹[0-9,]+\.[0-9]{2}$/)
    // Not one lot fewer: that would be below the minimum amount.
    expect(await page.getByTestId('block-lots-minus').isDisabled()).toBe(true)
    await page.getByTestId('block-submit').click()
    const dialog = page.locator('dialog[open]')
    await expect.poll(() => dialog.textContent()).toContain(frozenShown)
    await dialog.getByTestId('confirm-ok').click()
    await page.waitForURL(/#\/home\/blockTrade1/)
    await expect.poll(() => record().getAttribute('data-status'), { timeout: 20_000 }).toBe('applied')
    await expect.poll(() => record().textContent()).toContain(`frozen ${frozenShown}`)
  })

  it('is allocated by the job: the record shows the shares, what was paid, and the lock', async () => {
    await reopenUntil('/home/blockTrade2', '/block/records', () => record().getAttribute('data-status', { timeout: 5_000 }), 'allocated', offering.allocateAt - Date.now() + 30_000)
    // Not oversubscribed: every share asked, paid exactly what was frozen, nothing released.
    await expect.poll(() => record().getByTestId('block-record-allocated').textContent()).toContain(`paid ${frozenShown} · released ₹0.00`)
    expect(await record().getByTestId('block-record-lock').getAttribute('data-locked')).toBe('true')
    expect(await record().getByTestId('block-record-lock').textContent()).toMatch(/^Locked until /)
  })

  it('re-runs the allocation draw on the phone and finds it the published rule\'s', async () => {
    await record().getByTestId('block-record-offering').click()
    await page.waitForURL(/#\/home\/blockTradeDetail\?id=/)
    await expect.poll(() => page.getByTestId('block-detail').getAttribute('data-stage'), { timeout: 15_000 }).toBe('allocated')
    await page.getByTestId('block-draw-run').click()
    await expect.poll(() => page.getByTestId('block-draw-verdict').getAttribute('data-ok'), { timeout: 15_000 }).toBe('true')
    await expect.poll(() => page.getByTestId('block-draw-own').textContent()).toMatch(/place 1 in the draw order/)
  })

  it('is a position locked in the trade tab until its unlock time', async () => {
    await page.goto(`${server.url}/#/home/blockTrade2`)
    await expect.poll(() => record().getAttribute('data-status'), { timeout: 15_000 }).toBe('allocated')
    const lock = (await record().getByTestId('block-record-lock').textContent()) ?? ''
    await record().getByTestId('block-record-position').click()
    await page.waitForURL(/#\/trade\/positionDetail\?id=/)
    await expect.poll(() => page.getByTestId('position-detail').getAttribute('data-status'), { timeout: 15_000 }).toBe('locked')
    await expect.poll(() => page.getByTestId('position-detail').textContent()).toContain(SYMBOL)
    // The same unlock time as the record, and closing waits for it.
    await expect.poll(() => page.getByTestId('fact-lock').textContent()).toContain(lock)
    expect(await page.getByTestId('position-close').isDisabled()).toBe(true)
  })

  it('opens the records, the offerings and the offering offline from what was stored', async () => {
    await page.goto(`${server.url}/#/home/blockTrade2`)
    await expect.poll(() => record().getAttribute('data-status')).toBe('allocated')
    await page.goto(`${server.url}/#/home/blockTrade`)
    await page.locator(`[data-testid=block-offering][data-symbol=${SYMBOL}]`).waitFor()
    await waitUntilOfflineReady(page)
    await context.setOffline(true)
    try {
      await page.reload()
      await expect.poll(() => page.locator(`[data-testid=block-offering][data-symbol=${SYMBOL}]`).getAttribute('data-stage'), { timeout: 15_000 }).toBe('allocated')
      await expect.poll(() => page.getByTestId('block-offerings-updated').textContent()).toMatch(/Last updated/)
      await page.getByTestId('block-tab-records').click()
      await expect.poll(() => record().getAttribute('data-status'), { timeout: 15_000 }).toBe('allocated')
      await expect.poll(() => page.getByTestId('block-records-updated').textContent()).toMatch(/Last updated/)
      await record().getByTestId('block-record-offering').click()
      await expect.poll(() => page.getByTestId('block-detail').getAttribute('data-stage'), { timeout: 15_000 }).toBe('allocated')
      await expect.poll(() => page.getByTestId('block-mine').getAttribute('data-status')).toBe('allocated')
    } finally {
      await context.setOffline(false)
    }
    expect(pageErrors).toEqual([])
  })
})
