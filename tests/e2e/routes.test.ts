/**
 * Every route of DESIGN.md section 3 opens in real Chromium against the real server (`npm
 * start`'s demo profile): the login routes signed out, the rest as the demo account. Each must
 * render its own screen — not the not-found screen, not the boot error, not a route error — with
 * a heading, and stay on its path. The list is section 3's (support/routes.ts).
 * Detail screens get a real id or symbol from the server, as a tap in the app would give them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium } from './support/browser'
import { AFTER_SIGN_IN, ALSO_SIGNED_OUT, detailSearches, LOGIN, ROUTES, SIGNED_IN } from './support/routes'
import { startServer, type RunningServer } from './support/server'
import { DEMO, signIn } from './support/signIn'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []
/** Search strings of the detail screens, filled from the server's lists. */
let searches = new Map<string, string>()

/** Opens `route` afresh and checks it shows its own screen with a heading, on its own path, without errors. */
async function open(route: string): Promise<void> {
  const errorsBefore = pageErrors.length
  // A fresh start of the app on the route, as a link from outside opens it: no screen of the
  // route before stays on the page to be mistaken for this one.
  await page.goto('about:blank')
  await page.goto(`${server.url}/#${route}${searches.get(route) ?? ''}`)
  // The first heading with words (a back bar's title may be empty).
  const heading = page.locator('h1, h2').filter({ hasText: /\S/ }).first()
  await heading.waitFor({ state: 'visible', timeout: 15_000 })
  const path = await page.evaluate(() => location.hash.replace(/^#/, '').split('?')[0])
  expect(path, `${route} moved to another screen`).toBe(route)
  expect(await page.locator('.top-bar-title', { hasText: /^Not found$/ }).count(), `${route} is not found`).toBe(0)
  expect(await page.locator('.boot-error').count(), `${route} shows the boot error`).toBe(0)
  expect(await page.getByText('Something went wrong', { exact: false }).count(), `${route} shows a route error`).toBe(0)
  expect(pageErrors.slice(errorsBefore), `${route} threw in the page`).toEqual([])
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  searches = await detailSearches(server.url)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('every route of DESIGN.md section 3 opens', () => {
  it('reads the whole list: six login routes and every screen after them', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(63)
    expect([...LOGIN, ...AFTER_SIGN_IN]).toHaveLength(6)
    expect(ROUTES).toContain('/information/msgInfo')
    expect(new Set(ROUTES).size).toBe(ROUTES.length)
  })

  describe('signed out', () => {
    for (const route of LOGIN) it(`opens ${route}`, () => open(route))
    for (const route of ALSO_SIGNED_OUT) it(`opens ${route} without a session`, () => open(route))
  })

  describe('as the demo account', () => {
    it('signs in', () => signIn(page, server.url, DEMO))
    for (const route of SIGNED_IN) it(`opens ${route}`, () => open(route))
  })
})
