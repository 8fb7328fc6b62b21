/**
 * The draw's verify screen in real Chromium against the real server (`npm start`'s script): the
 * draw is re-run in a Web Worker under the server's Content-Security-Policy. /newStock/draw is
 * answered by the test (page.route) with a publication made by the draw module itself, honest or
 * tampered, so the screen's verdict is known; the server-side draw is tested in tests/server/ipo.
 * Not signed in: the draw is public. Last, the demo's own drawn issue, unintercepted, on the
 * screen and through `npm run verify-draw`.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Browser, type Page } from 'playwright-core'
import { commitmentOf, DRAW_ALGORITHM, digestOf, runDraw } from '../../src/contract/draw'
import { type IpoDraw } from '../../src/contract/replies'
import { main } from '../../scripts/verify-draw'
import { launchChromium } from './support/browser'
import { startServer, type RunningServer } from './support/server'

const SEED = '3c'.repeat(32)
const applications = Array.from({ length: 5_000 }, (_, i) => ({ ref: `E2E${String(i).padStart(6, '0')}`, lots: 1 + (i % 5) }))

function honest(): IpoDraw {
  const base = { seed: SEED, beacon: '', digest: digestOf(applications), applications, allottableLots: 400, minLots: 1, basis: 'sebi_retail' as const }
  const { minLots, ...rest } = base
  return { issueId: 42, algorithm: DRAW_ALGORITHM, commitment: commitmentOf(SEED), ...rest, minLot: minLots, result: runDraw(base), drawnAt: Date.now() }
}

let server: RunningServer
let browser: Browser
let page: Page
let published: IpoDraw
const pageErrors: string[] = []
const workers: string[] = []

beforeAll(async () => {
  server = await startServer()
  browser = await launchChromium()
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  page.on('worker', (worker) => workers.push(worker.url()))
  await page.route('**/api/vue/newStock/draw', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 1, msg: '', data: published }) }))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('verify the draw', () => {
  it('re-runs an honest draw in a worker and finds every result matching, the own application included', async () => {
    published = honest()
    const mine = published.result.find((r) => r.lots > 0)!
    await page.goto(`${server.url}/#/home/newStockDraw?id=42&ref=${mine.ref}`)
    await page.getByTestId('draw-verdict').waitFor({ timeout: 60_000 })
    expect(await page.getByTestId('draw-verdict').getAttribute('data-ok')).toBe('true')
    for (const check of ['check-commitment', 'check-digest', 'check-algorithm', 'check-results']) expect(await page.getByTestId(check).getAttribute('data-ok')).toBe('true')
    expect(await page.getByTestId('draw-own').getAttribute('data-ok')).toBe('true')
    expect(await page.getByTestId('draw-seed').textContent()).toBe(SEED)
    expect(await page.getByTestId('draw-limits').isVisible()).toBe(true)
    expect(workers.some((url) => url.includes('drawWorker'))).toBe(true)
    expect(pageErrors).toEqual([])
  })

  it('says the results do not match when the server moved one allotment', async () => {
    const draw = honest()
    const loser = draw.result.find((r) => r.lots === 0)!
    published = { ...draw, result: draw.result.map((r) => (r === loser ? { ...r, lots: 1 } : r)) }
    await page.goto(`${server.url}/#/home/newStockDraw?id=43&ref=${loser.ref}`)
    await page.getByTestId('draw-verdict').waitFor({ timeout: 60_000 })
    expect(await page.getByTestId('draw-verdict').getAttribute('data-ok')).toBe('false')
    expect(await page.getByTestId('check-results').getAttribute('data-ok')).toBe('false')
    expect(await page.getByTestId('check-commitment').getAttribute('data-ok')).toBe('true')
    expect(await page.getByTestId('draw-own').getAttribute('data-ok')).toBe('false')
  })

  it('shows the commitment and no verdict before the draw', async () => {
    published = { ...honest(), seed: null, digest: null, applications: [], result: [], drawnAt: null }
    await page.goto(`${server.url}/#/home/newStockDraw?id=44`)
    await page.getByTestId('draw-pending').waitFor()
    expect(await page.getByTestId('draw-commitment').textContent()).toBe(commitmentOf(SEED))
    expect(await page.getByTestId('draw-verdict').count()).toBe(0)
  })

  it("verifies the demo's drawn issue as the server publishes it, on the screen and with npm run verify-draw", async () => {
    // The demo writes one issue at each stage on the 'ipo' job's first sweep (config ipo.sweepIntervalMs
    // after the start); find the drawn one.
    let drawn: IpoDraw | undefined
    for (const until = Date.now() + 60_000; !drawn && Date.now() < until; await new Promise((r) => setTimeout(r, 1_000))) {
      for (let id = 1; id <= 20 && !drawn; id++) {
        const res = await fetch(`${server.url}/api/vue/newStock/draw`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) })
        const body = (await res.json()) as { status: number; data?: IpoDraw }
        if (body.status === 1 && body.data?.drawnAt) drawn = body.data
      }
    }
    expect(drawn, 'the demo has a drawn issue').toBeDefined()
    const fresh = await browser.newPage({ viewport: { width: 390, height: 844 } })
    try {
      await fresh.goto(`${server.url}/#/home/newStockDraw?id=${drawn!.issueId}`)
      await fresh.getByTestId('draw-verdict').waitFor({ timeout: 60_000 })
      expect(await fresh.getByTestId('draw-verdict').getAttribute('data-ok')).toBe('true')
    } finally {
      await fresh.close()
    }
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      expect(await main([String(drawn!.issueId), '--server', server.url])).toBe(0)
    } finally {
      log.mockRestore()
    }
  })
})
