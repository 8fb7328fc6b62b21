/**
 * Every route of DESIGN.md section 3 (support/routes.ts) opens in real Chromium against the real
 * server (`npm start`'s demo profile) and passes axe-core (issue 15). One phone-sized page
 * (390×844) walks them: the login routes signed out, the rest as the demo account; then the back
 * office's sign-in and each of its panels as the demo operator. A signed-out route starts the app
 * on it, as a link from outside does; a signed-in one is entered from the screen before, as a tap
 * does, once the screen before has left the page. Each route must render its own
 * screen — not the not-found screen, not the boot error, not a route error, nothing thrown in the
 * page — with a heading, and stay on its path; detail screens get a real id or symbol from the
 * server, as a tap in the app would give them. Once its content is in (no loading skeleton
 * left), axe-core runs in the page with its default rules: a serious or critical violation fails
 * the screen's test with each rule, its targets and the screen; moderate and minor ones are
 * printed, not failed.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type Page } from 'playwright-core'
import { launchChromium } from './support/browser'
import { AFTER_SIGN_IN, ALSO_SIGNED_OUT, detailSearches, LOGIN, ROUTES, SIGNED_IN } from './support/routes'
import { DEMO_OPERATOR } from './support/operator'
import { startServer, type RunningServer } from './support/server'
import { DEMO, signIn } from './support/signIn'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const FAILING = new Set(['serious', 'critical'])

type Finding = { rule: string; impact: string; help: string; targets: string[] }

let server: RunningServer
let browser: Browser
let page: Page
let searches = new Map<string, string>()
const milder: string[] = []
const pageErrors: string[] = []
/** Routes to be entered from the app that were started afresh instead (printed at the end). */
const startedAfresh: string[] = []

/** axe-core's violations on the page as it is now (injected once per document). */
async function axe(): Promise<Finding[]> {
  // Through the DevTools protocol, not a <script>: the app's CSP allows no inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe.run
    const result = await run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({ rule: v.id, impact: v.impact ?? 'minor', help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }))
  })
}

/** Runs axe on the screen; fails on serious or critical findings, keeps the others for the summary. */
async function check(screen: string): Promise<void> {
  let findings = await axe()
  // A toast that came in while axe ran (an event from the server) is judged again at rest.
  if (findings.some((f) => FAILING.has(f.impact))) {
    await atRest()
    findings = await axe()
  }
  const line = (f: Finding) => `${screen}: ${f.impact} ${f.rule} (${f.help}) at ${f.targets.join(', ')}`
  milder.push(...findings.filter((f) => !FAILING.has(f.impact)).map(line))
  expect(findings.filter((f) => FAILING.has(f.impact)).map(line), `${screen}: serious or critical accessibility findings`).toEqual([])
}

/**
 * Waits until the app's screen has its heading, no loading skeleton, and no transition running:
 * axe judges colours at rest, not a button halfway from its disabled look.
 */
async function settled(): Promise<void> {
  await page.locator('h1').filter({ hasText: /\S/ }).first().waitFor({ state: 'visible', timeout: 15_000 })
  await page.waitForFunction(() => document.querySelector('.skeleton, [aria-busy=true]') === null, undefined, { timeout: 15_000 })
  await atRest()
}

/** Until no transition or finite animation runs on the page. */
async function atRest(): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 15_000 })
}

/**
 * Opens `route`: its own screen, with a heading, on its own path, without errors; then axe.
 * `inApp`: the route is entered from the app's own screen, as a tap does, when the app is up;
 * otherwise it starts the app on the route, as a link from outside does.
 */
async function openRoute(route: string, options: { axe?: boolean; inApp?: boolean } = {}): Promise<void> {
  const errorsBefore = pageErrors.length
  const target = `${route}${searches.get(route) ?? ''}`
  const entered = options.inApp ? await enterInApp(target) : false
  if (options.inApp && !entered) startedAfresh.push(route)
  if (!entered) {
    // No screen of the route before stays on the page to be mistaken for this one.
    await page.goto('about:blank')
    await page.goto(`${server.url}/#${target}`)
  }
  await settled()
  expect(await page.evaluate(() => location.hash.replace(/^#/, '').split('?')[0]), `${route} moved to another screen`).toBe(route)
  expect(await page.locator('.top-bar-title', { hasText: /^Not found$/ }).count(), `${route} is not found`).toBe(0)
  expect(await page.locator('.boot-error').count(), `${route} shows the boot error`).toBe(0)
  expect(await page.getByText('Something went wrong', { exact: false }).count(), `${route} shows a route error`).toBe(0)
  expect(pageErrors.slice(errorsBefore), `${route} threw in the page`).toEqual([])
  if (options.axe ?? true) await check(route)
}

/**
 * Moves the running app to `target` and waits until the screen before it has left the page: its
 * elements are marked first, and a screen counts as this one's only once none of them is left.
 * A fresh start cost about 2.5 s of CPU a screen (the walk: 255 CPU-s alone, now 105). False when
 * the app is not up or the old screen stayed (the caller then starts the app on the route).
 */
async function enterInApp(target: string): Promise<boolean> {
  const marked = await page.evaluate(() => {
    const screens = document.querySelectorAll('main.app-main > *')
    for (const el of screens) el.setAttribute('data-walk-left', '')
    return screens.length > 0
  })
  if (!marked) return false
  await page.evaluate((hash) => (location.hash = hash), target)
  return page
    .waitForFunction(() => document.querySelector('main.app-main > *') !== null && document.querySelector('[data-walk-left]') === null, undefined, { timeout: 5_000 })
    .then(
      () => true,
      () => false,
    )
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchChromium()
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  searches = await detailSearches(server.url)
})

afterAll(async () => {
  if (startedAfresh.length) console.log(`Started afresh, the screen before stayed: ${startedAfresh.join(', ')}`)
  if (milder.length) console.log(`Moderate and minor accessibility findings:\n${milder.join('\n')}`)
  await browser?.close()
  await server?.stop()
})

/**
 * The splash replaces itself with the welcome screen after a moment. It is checked in a context
 * of its own (no service worker, so the page's requests are the network's) that holds back the
 * welcome screen's code until axe is done: the splash stays on screen meanwhile.
 */
const SPLASH = '/login/start'
const WELCOME = '/login/start1'

describe('every route opens with no serious or critical axe-core finding', () => {
  it('reads the whole list: six login routes and every screen after them', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(63)
    expect([...LOGIN, ...AFTER_SIGN_IN]).toHaveLength(6)
    expect(ROUTES).toContain('/information/msgInfo')
    expect(new Set(ROUTES).size).toBe(ROUTES.length)
  })

  describe('signed out', () => {
    it(SPLASH, async () => {
      const main = page
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN', serviceWorkers: 'block' })
      let release = () => {}
      const released = new Promise<void>((resolve) => (release = resolve))
      await context.route(/\/assets\/start1-[^/]*\.js$/, async (route) => {
        await released
        await route.continue().catch(() => undefined) // the context may be closing
      })
      try {
        page = await context.newPage()
        await page.goto(`${server.url}/#${SPLASH}`)
        const splash = page.locator('.splash-title').filter({ hasText: /\S/ })
        await splash.waitFor({ timeout: 15_000 })
        await check(SPLASH)
        expect(await splash.isVisible(), 'the splash was still on screen when checked').toBe(true)
      } finally {
        page = main
        release()
        await context.close()
      }
    })
    // The splash opened as any link opens it gives way, after its moment, to the welcome screen on
    // the welcome's own path. (Checking that it stayed on its path raced that moment: CI, stop 23.)
    it(`${SPLASH}, opened, gives way to the welcome screen`, async () => {
      const errorsBefore = pageErrors.length
      await page.goto('about:blank')
      await page.goto(`${server.url}/#${SPLASH}`)
      await page.waitForFunction((path) => location.hash.replace(/^#/, '').split('?')[0] === path, WELCOME, { timeout: 15_000 })
      await page.locator('h1.welcome-title').filter({ hasText: /\S/ }).waitFor({ timeout: 15_000 })
      expect(await page.locator('.boot-error').count(), 'the boot error').toBe(0)
      expect(pageErrors.slice(errorsBefore), 'thrown in the page').toEqual([])
    })
    for (const route of [...LOGIN, ...ALSO_SIGNED_OUT].filter((r) => r !== SPLASH)) it(route, () => openRoute(route))
  })

  describe('as the demo account', () => {
    it('signs in', () => signIn(page, server.url, DEMO))
    for (const route of SIGNED_IN) it(route, () => openRoute(route, { inApp: true }))
  })

  describe('the back office', () => {
    it('admin.html: sign-in', async () => {
      // A context of its own: the app's service worker answers every navigation of its context
      // with the app's shell, and the back office is never part of it.
      page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })).newPage()
      await page.goto(`${server.url}/admin.html`)
      await page.locator('input[name=username]').waitFor({ timeout: 60_000 })
      await check('admin.html sign-in')
      await page.locator('input[name=username]').fill(DEMO_OPERATOR.username)
      await page.locator('input[name=password]').fill(DEMO_OPERATOR.given)
      await page.locator('button[type=submit]').click()
    })

    it("admin.html: the first operator's own password", async () => {
      const form = page.getByTestId('first-password')
      await form.waitFor({ timeout: 60_000 })
      await check('admin.html first password')
      await form.getByLabel('Current password').fill(DEMO_OPERATOR.given)
      await form.getByLabel('New password (10 or more characters)').fill(DEMO_OPERATOR.password)
      await form.getByLabel('New password again').fill(DEMO_OPERATOR.password)
      await form.getByTestId('password-submit').click()
      await page.getByTestId('panel-reviews').waitFor({ timeout: 60_000 })
    })

    /** Each panel with what shows once its first list is in. */
    const PANELS: [panel: string, ready: string][] = [
      ['reviews', '[data-testid=review-item], [data-testid=queue-empty]'],
      ['users', 'form input[name=query]'],
      ['ipo', 'main table, main :text("No issues yet.")'],
      ['support', '[data-testid=support-admin-thread], [data-testid=support-empty]'],
      ['audit', '[data-testid=audit-table], main :text("No actions yet.")'],
      ['operators', 'main table tr'],
    ]
    for (const [panel, ready] of PANELS) {
      it(`admin.html: ${panel}`, async () => {
        await page.getByTestId(`panel-${panel}`).click()
        await page.locator(ready).first().waitFor({ timeout: 15_000 })
        await check(`admin.html ${panel}`)
      })
    }

    it('admin.html: a user', async () => {
      await page.getByTestId('panel-users').click()
      await page.locator('input[name=query]').fill(DEMO.account)
      await page.locator('input[name=query]').press('Enter')
      await page.getByTestId('user-row').first().click()
      await page.locator('h3', { hasText: 'Flags' }).waitFor({ timeout: 15_000 })
      await check('admin.html user detail')
    })
  })
})
