/**
 * Every route of DESIGN.md section 3 opens in real Chromium against the real server (`npm
 * start`'s demo profile): the login routes signed out, the rest as the demo account. Each must
 * render its own screen — not the not-found screen, not the boot error, not a route error — with
 * a heading, and stay on its path. The list is a copy of section 3's: a route added there is added
 * here.
 * Detail screens get a real id or symbol from the server, as a tap in the app would give them.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium } from './support/browser'
import { startServer, type RunningServer } from './support/server'
import { DEMO, signIn } from './support/signIn'

/** DESIGN.md section 3, as written there (area: screens). */
const SECTION_3 = `
login: start start1 loginAfter login register reLogin
home: index zhishu market newsList newsDetail blockTrade blockTrade1 blockTrade2 blockTradeDetail
      fllow fllowRecord fllowDetail qcList dayTrading newStock newStockps newStockBuy newStockPsBuy
      newStockRecord kefuCenter
market: index optionList stockDetail stockDetailzs marketBuy marketTeshe marketZhiBiao marketQuestion vip
trade: index positionDetail      favorite: index search
information: index setting aboutInfo aboutUs changeLang loginPass fundPass bankList addBankCard
      fundRecord exChange authInfo usdtAddress cashOut recharge rechargeChannel userInfo msgInfo pj
      jkjl safety agreement faq loan
`

/** The routes of section 3's text, `/<area>/<screen>`, in order. */
function routesOf(text: string): string[] {
  const routes: string[] = []
  let area = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (word.endsWith(':')) area = word.slice(0, -1)
    else if (area) routes.push(`/${area}/${word}`)
  }
  return routes
}

const ROUTES = routesOf(SECTION_3)
/** The login screens that need a session: the welcome shown after signing in. */
const AFTER_SIGN_IN = new Set(['/login/loginAfter'])
/** Screens outside login that must open without a session too: customer service, for a user who cannot sign in (issue 13). */
const ALSO_SIGNED_OUT = ['/home/kefuCenter']
const LOGIN = ROUTES.filter((r) => r.startsWith('/login/') && !AFTER_SIGN_IN.has(r))
const SIGNED_IN = ROUTES.filter((r) => !r.startsWith('/login/') || AFTER_SIGN_IN.has(r))

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []
/** Search strings of the detail screens, filled from the server's lists. */
const searches = new Map<string, string>()

type Envelope<T> = { status: number; data: T }

async function apiCall<T>(path: string, body: object, session?: { token: string; account: string }): Promise<T> {
  const res = await fetch(`${server.url}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': randomUUID(), ...(session ? { token: session.token, account: session.account } : {}) },
    body: JSON.stringify(body),
  })
  const reply = (await res.json()) as Envelope<T>
  if (reply.status !== 1) throw new Error(`${path}: ${JSON.stringify(reply)}`)
  return reply.data
}

type Listed = { data: { id?: number; symbol?: string }[] }

/** The first row's id (or symbol) of a list, undefined when the list is empty or refused. */
async function first(path: string, body: object, session: { token: string; account: string }, field: 'id' | 'symbol'): Promise<string | undefined> {
  const reply = await apiCall<Listed | Listed['data']>(path, body, session).catch(() => undefined)
  const rows = Array.isArray(reply) ? reply : reply?.data
  const value = rows?.[0]?.[field]
  return value === undefined ? undefined : String(value)
}

async function fillSearches(): Promise<void> {
  const session = await apiCall<{ token: string; account: string }>('/user/login', DEMO)
  const stock = await first('/stock/list', { type: 'stock', page: 1, size: 1 }, session, 'symbol')
  const index = await first('/stock/list', { type: 'index', page: 1, size: 1 }, session, 'symbol')
  const news = await first('/news/list', { page: 1, size: 1 }, session, 'id')
  const ipo = await first('/newStock/list', { page: 1, size: 1 }, session, 'id')
  const block = await first('/block/list', { page: 1, size: 1 }, session, 'id')
  const follow = await first('/follow/list', { page: 1, size: 1 }, session, 'id')
  const order = await first('/order/list', { status: 'holding', page: 1, size: 1 }, session, 'id')
  if (stock) {
    searches.set('/market/stockDetail', `?symbol=${stock}`)
    searches.set('/market/marketBuy', `?symbol=${stock}&direction=long`)
  }
  if (index) searches.set('/market/stockDetailzs', `?symbol=${index}`)
  if (news) searches.set('/home/newsDetail', `?id=${news}`)
  if (ipo) {
    searches.set('/home/newStockBuy', `?id=${ipo}`)
    searches.set('/home/newStockPsBuy', `?id=${ipo}`)
  }
  if (block) searches.set('/home/blockTradeDetail', `?id=${block}`)
  if (follow) searches.set('/home/fllowDetail', `?id=${follow}`)
  if (order) searches.set('/trade/positionDetail', `?id=${order}`)
  searches.set('/information/rechargeChannel', '?channel=upi&amount=1000000')
}

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
  await fillSearches()
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
