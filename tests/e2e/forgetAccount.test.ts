/**
 * The device forgets an account at logout (issue 9), in real Chromium against the real server
 * (`npm start`'s script): the demo account opens every screen that caches something of it (trade,
 * records, identity, cards, exchange, USDT, watchlist, search), each waited for until its cache is
 * in IndexedDB, then logs out; a scan of every IndexedDB table finds neither its account number,
 * its verified name nor any PAN. The language and the public config may stay. A request queued
 * offline is not dropped silently: logout counts it and discards it only when told to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type Page } from 'playwright-core'
import { launchChromium } from './support/browser'
import { startServer, type RunningServer } from './support/server'
import { DEMO, signIn } from './support/signIn'

const ACCOUNT = DEMO.account
const NAME = 'Demo User'
const PAN = /[A-Z]{5}[0-9]{4}[A-Z]/

let server: RunningServer
let browser: Browser
let page: Page
const pageErrors: string[] = []

type StoredRow = { table: string; text: string }

/** Every row of every table of the app's database, as JSON of [key, value]. */
function scan(): Promise<StoredRow[]> {
  return page.evaluate(async () => {
    const request = <T,>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
    const database = await request(indexedDB.open('tijori'))
    const rows: { table: string; text: string }[] = []
    try {
      for (const table of Array.from(database.objectStoreNames)) {
        const store = database.transaction(table).objectStore(table)
        const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())])
        values.forEach((value, i) => rows.push({ table, text: JSON.stringify([keys[i], value]) }))
      }
    } finally {
      database.close()
    }
    return rows
  })
}

/** Waits until some row of `table` mentions every one of `texts` (a screen's cache has landed). */
async function cached(table: string, ...texts: string[]): Promise<void> {
  await expect
    .poll(async () => (await scan()).some((row) => row.table === table && texts.every((text) => row.text.includes(text))), { timeout: 20_000 })
    .toBe(true)
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchChromium()
  page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })).newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  await signIn(page, server.url)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('logout', () => {
  it('leaves no row holding the account, its name or a PAN in any IndexedDB table', async () => {
    await page.goto(`${server.url}/#/trade/index`)
    await cached('meta', `synced:orders:${ACCOUNT}`)
    await page.goto(`${server.url}/#/information/fundRecord`)
    await cached('fundEntries', ACCOUNT, 'demo_grant')
    await page.goto(`${server.url}/#/information/authInfo`)
    await cached('meta', `realName:${ACCOUNT}`, NAME)
    await page.goto(`${server.url}/#/information/bankList`)
    await cached('meta', `bankCards:${ACCOUNT}`)
    await page.goto(`${server.url}/#/information/exChange`)
    await cached('meta', `wallets:${ACCOUNT}`)
    await page.goto(`${server.url}/#/information/usdtAddress`)
    await cached('meta', `usdtAddresses:${ACCOUNT}`)
    await page.goto(`${server.url}/#/favorite/index`)
    await cached('meta', `synced:watchlist:${ACCOUNT}`)
    await page.goto(`${server.url}/#/favorite/search`)
    await page.getByTestId('search-input').fill('TCS')
    await page.getByTestId('search-hit').first().click()
    await cached('searchHistory', ACCOUNT)
    const before = new Set((await scan()).filter((row) => row.text.includes(ACCOUNT)).map((row) => row.table))
    expect([...before].sort()).toEqual(expect.arrayContaining(['fundEntries', 'meta', 'searchHistory', 'user']))

    await page.goto(`${server.url}/#/information/setting`)
    await page.getByTestId('logout-button').click()
    await page.locator('dialog[open]').getByTestId('confirm-ok').click()
    await page.waitForURL(/#\/login\/login/)

    const after = await scan()
    expect(after.filter((row) => row.text.includes(ACCOUNT) || row.text.includes(NAME) || PAN.test(row.text))).toEqual([])
    // The public config stays, so the next person's start needs no network.
    expect(after.some((row) => row.table === 'config')).toBe(true)
    expect(pageErrors).toEqual([])
  })

  it('counts a request still unsent at logout and drops it only when the user discards it', async () => {
    await signIn(page, server.url)
    await page.goto(`${server.url}/#/market/optionList`)
    await page.getByTestId('watch-toggle').first().waitFor()
    await page.context().setOffline(true)
    await page.getByTestId('watch-toggle').first().click()
    await cached('outbox', ACCOUNT, 'watchlist.add', '"queued"')

    await page.evaluate(() => (location.hash = '#/information/setting'))
    await page.getByTestId('logout-button').click()
    await page.locator('dialog[open]').getByTestId('confirm-ok').click()
    const unsent = page.locator('dialog[open]').getByTestId('logout-unsent-count')
    await expect.poll(() => unsent.getAttribute('data-count')).toBe('1')
    // Not logged out yet: the request is still here.
    await cached('outbox', ACCOUNT, 'watchlist.add', '"queued"')
    await page.locator('dialog[open]').getByTestId('logout-discard').click()
    await page.waitForURL(/#\/login\/login/)
    await page.context().setOffline(false)

    expect((await scan()).filter((row) => row.text.includes(ACCOUNT) || row.text.includes(NAME) || PAN.test(row.text))).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
