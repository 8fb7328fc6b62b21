/**
 * The app on this device, in real Chromium against the real server serving a copy of the build:
 * the settings screen says how much the device stores and whether it is kept, and a new release
 * reaches an open app through the "update available" prompt. The release is made the way a
 * deploy makes one: the served sw.js changes (a precached file's revision) and that file with it;
 * the browser is asked to check for it (registration.update(), what it does itself on navigation
 * every so often), the prompt shows, Reload activates the waiting worker and the page comes back
 * from the new precache. Waits are for states on screen, never for time.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
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
    // Headless Chromium never offers installing: no button without the browser's offer.
    expect(await page.getByTestId('install-app').count()).toBe(0)
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
