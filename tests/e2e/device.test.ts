/**
 * The app on this device, in real Chromium against the real server serving a copy of the build:
 * the settings screen says how much the device stores and whether it is kept, and a new release
 * reaches an open app through the "update available" prompt. The release is made the way a
 * deploy makes one: the served sw.js changes (a precached file's revision) and that file with it;
 * the browser is asked to check for it (registration.update(), what it does itself on navigation
 * every so often), the prompt shows, Reload activates the waiting worker and the page comes back
 * from the new precache. The browser force-closing the app's IndexedDB (Chrome's own "Force
 * close", as iOS does after a while in the background) leaves the app working; and where the
 * browser offers installing, the settings screen has the button. Waits are for states on screen,
 * never for time.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium, launchInstallableChromium, waitUntilOfflineReady } from './support/browser'
import { startServer, type RunningServer } from './support/server'
import { signIn } from './support/signIn'

let served: string
let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

/** Writes a served text file with the .br and .gz the server prefers (scripts/precompress.ts). */
async function writeServed(name: string, text: string): Promise<void> {
  const path = join(served, name)
  await writeFile(path, text)
  await writeFile(`${path}.br`, brotliCompressSync(Buffer.from(text)))
  await writeFile(`${path}.gz`, gzipSync(Buffer.from(text)))
}

/** Release 2: index.html carries a marker, and sw.js precaches it under a new revision. */
async function deployRelease2(): Promise<void> {
  const html = await readFile(join(served, 'index.html'), 'utf8')
  expect(html).toContain('</head>')
  await writeServed('index.html', html.replace('</head>', '<meta name="tijori-release" content="2"></head>'))
  const sw = await readFile(join(served, 'sw.js'), 'utf8')
  const entry = /\{"revision":"[0-9a-f]+","url":"index\.html"\}/
  expect(sw).toMatch(entry)
  await writeServed('sw.js', sw.replace(entry, '{"revision":"release-2","url":"index.html"}'))
}

beforeAll(async () => {
  served = await mkdtemp(join(tmpdir(), 'tijori-dist-'))
  await cp(join(process.cwd(), 'dist'), served, { recursive: true })
  server = await startServer({ STATIC_DIR: served })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  if (served) await rm(served, { recursive: true, force: true })
})

describe('this device', () => {
  it('shows on the settings screen how much the device stores and whether it is kept', async () => {
    await signIn(page, server.url)
    await page.goto(`${server.url}/#/information/setting`)
    const line = page.getByTestId('storage-usage')
    await line.waitFor()
    expect(Number(await line.getAttribute('data-usage'))).toBeGreaterThan(0)
    expect(['true', 'false']).toContain(await line.getAttribute('data-persisted'))
    expect(await line.textContent()).toMatch(/\d.*MB/)
    // An incognito context is never offered installing: no button without the browser's offer.
    expect(await page.getByTestId('install-app').count()).toBe(0)
  })

  it("carries on when the browser force-closes its storage: it opens it again, and what it stores after is there offline", async () => {
    // Counts the page's IndexedDB connections opened and closed under it, by the browser's API.
    await context.addInitScript(() => {
      const seen = { opened: 0, closed: 0 }
      Object.assign(window, { __tijoriIdb: seen })
      const open = IDBFactory.prototype.open
      IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
        const request = open.apply(this, args)
        request.addEventListener('success', () => {
          seen.opened++
          request.result.addEventListener('close', () => seen.closed++)
        })
        return request
      }
    })
    await page.goto(`${server.url}/#/information/setting`)
    await page.reload()
    await page.getByTestId('storage-usage').waitFor()
    const idb = () => page.evaluate(() => (window as unknown as { __tijoriIdb: { opened: number; closed: number } }).__tijoriIdb)
    await expect.poll(async () => (await idb()).opened).toBeGreaterThan(0)
    const before = await idb()
    expect(before.closed).toBe(0)

    const internals = await context.newPage()
    try {
      await internals.goto('chrome://indexeddb-internals')
      await internals.locator('.indexeddb-origin', { hasText: server.url }).locator('indexeddb-bucket .force-close').first().click()
    } finally {
      await internals.close()
    }
    // Closed under the app, and opened again without a reload.
    await expect.poll(async () => (await idb()).closed, { timeout: 15_000 }).toBeGreaterThan(0)
    await expect.poll(async () => (await idb()).opened, { timeout: 15_000 }).toBeGreaterThan(before.opened)

    // A screen not opened before fetches and stores its records, and they open offline.
    await page.goto(`${server.url}/#/information/fundRecord`)
    // Counted once the server's page of records is in and stored, not while it arrives.
    await expect.poll(() => page.getByTestId('funds-updated').textContent(), { timeout: 15_000 }).toMatch(/Last updated/)
    const shown = await page.getByTestId('fund-record').count()
    expect(shown).toBeGreaterThan(0)
    await waitUntilOfflineReady(page)
    await context.setOffline(true)
    try {
      await page.reload()
      await expect.poll(() => page.getByTestId('fund-record').count(), { timeout: 15_000 }).toBe(shown)
    } finally {
      await context.setOffline(false)
    }
    expect(await page.getByText('Something went wrong', { exact: false }).count()).toBe(0)
    expect(pageErrors).toEqual([])
  })

  it("shows the browser's install offer on the settings screen, and the browser's dialog when tapped", async () => {
    const profile = await mkdtemp(join(tmpdir(), 'tijori-profile-'))
    const installable = await launchInstallableChromium(profile)
    try {
      // Each offer the browser makes, and the answer given to it, seen by the page.
      await installable.addInitScript(() => {
        const offers: (string | null)[] = []
        Object.assign(window, { __tijoriOffers: offers })
        addEventListener('beforeinstallprompt', (event) => {
          const n = offers.push(null) - 1
          void (event as Event & { userChoice: Promise<{ outcome: string }> }).userChoice.then((choice) => (offers[n] = choice.outcome))
        })
      })
      const tab = installable.pages()[0] ?? (await installable.newPage())
      await signIn(tab, server.url)
      await tab.goto(`${server.url}/#/information/setting`)
      const install = tab.getByTestId('install-app')
      await install.waitFor({ timeout: 30_000 })
      const offers = () => tab.evaluate(() => (window as unknown as { __tijoriOffers: (string | null)[] }).__tijoriOffers)
      expect(await offers()).toEqual([null])
      await install.click()
      // Headless Chromium answers its own dialog at once with "dismissed", then offers again;
      // the button comes back with that offer.
      await expect.poll(async () => (await offers())[0], { timeout: 15_000 }).toBe('dismissed')
      await expect.poll(async () => (await offers()).length, { timeout: 15_000 }).toBeGreaterThan(1)
      await install.waitFor({ timeout: 15_000 })
    } finally {
      await installable.close()
      await rm(profile, { recursive: true, force: true })
    }
  })

  it('offers a new release with the update prompt and runs it after Reload', async () => {
    if (!page.url().startsWith(server.url)) await page.goto(`${server.url}/#/login/login`)
    await waitUntilOfflineReady(page)
    const release = page.locator('meta[name="tijori-release"]')
    expect(await release.count()).toBe(0)
    await deployRelease2()
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      await registration?.update()
    })
    const prompt = page.getByTestId('update-prompt')
    await prompt.waitFor({ timeout: 30_000 })
    // Until the user accepts, the new worker waits and the page stays on release 1.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true)
    expect(await release.count()).toBe(0)

    await page.getByTestId('update-reload').click()
    await release.waitFor({ state: 'attached', timeout: 30_000 })
    expect(await release.getAttribute('content')).toBe('2')
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return registration?.waiting === null && registration.active !== null && navigator.serviceWorker.controller !== null
    })
    expect(await prompt.count()).toBe(0)
    expect(pageErrors).toEqual([])
  })
})
