/**
 * The native shell's back button and status bar, wired in the real app (issue 13): Chromium plays
 * the native shell by putting Capacitor-shaped App and StatusBar plugins on the page before the
 * app starts, as Capacitor does. The shell then loads its bridge: the status bar goes white with
 * dark text, back goes back one screen, and on home the first press says so and a second within
 * a second quits. Without the plugins (every other browser test), none of it loads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium } from './support/browser'
import { startServer, type RunningServer } from './support/server'
import { DEMO, signIn } from './support/signIn'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page

type FakeShell = { calls: string[]; press: () => void }

/** What the fake plugins were asked to do, in order. */
const calls = () => page.evaluate(() => (globalThis as unknown as { fakeShell: FakeShell }).fakeShell.calls)
const press = () => page.evaluate(() => (globalThis as unknown as { fakeShell: FakeShell }).fakeShell.press())

beforeAll(async () => {
  server = await startServer()
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  await context.addInitScript(() => {
    const listeners: ((e: { canGoBack: boolean }) => void)[] = []
    const shell = {
      calls: [] as string[],
      press: () => listeners.forEach((l) => l({ canGoBack: history.length > 1 })),
    }
    const scope = globalThis as unknown as Record<string, unknown>
    scope.fakeShell = shell
    scope.Capacitor = {
      Plugins: {
        App: {
          addListener: (_event: string, listener: (e: { canGoBack: boolean }) => void) => {
            listeners.push(listener)
            return Promise.resolve({ remove: () => void listeners.splice(listeners.indexOf(listener), 1) })
          },
          exitApp: () => void shell.calls.push('exitApp'),
        },
        StatusBar: {
          setStyle: (o: { style: string }) => void shell.calls.push(`style:${o.style}`),
          setBackgroundColor: (o: { color: string }) => void shell.calls.push(`color:${o.color}`),
        },
      },
    }
  })
  page = await context.newPage()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('inside the native shell', () => {
  it('makes the status bar white with dark text at start', async () => {
    await signIn(page, server.url, DEMO)
    await expect.poll(() => calls(), { timeout: 15_000 }).toEqual(expect.arrayContaining(['color:#FFFFFF', 'style:LIGHT']))
  })

  it('goes back one screen with the back button', async () => {
    await page.getByTestId('nav-account').click()
    await page.waitForURL(/#\/information\/index/)
    await page.locator('a[href$="/information/msgInfo"]').click()
    await page.waitForURL(/#\/information\/msgInfo/)
    await press()
    await page.waitForURL(/#\/information\/index/)
  })

  it('on home, says to press again, and quits on a second press', async () => {
    await page.getByTestId('nav-home').click()
    await page.waitForURL(/#\/home\/index/)
    await press()
    await page.getByText('Press back again to exit').waitFor()
    expect(page.url()).toMatch(/#\/home\/index/)
    expect(await calls()).not.toContain('exitApp')
    // Two presses at once: the second is within a second of the first whatever the machine's load
    // (the first may already quit, if the toast came fast enough; then the second only warns).
    await page.evaluate(() => {
      const shell = (globalThis as unknown as { fakeShell: FakeShell }).fakeShell
      shell.press()
      shell.press()
    })
    expect((await calls()).filter((c) => c === 'exitApp')).toHaveLength(1)
  })
})
