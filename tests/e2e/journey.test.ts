/**
 * The foundation's whole journey in real Chromium against the real server (`npm start`'s script
 * on a free port with a fresh data directory): register -> log in -> every language -> news ->
 * offline reload from the service worker and Dexie -> a sign-in queued offline -> sent exactly once
 * online -> a second sign-in refused in the user's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { startServer, type RunningServer } from './support/server'
import { translation } from './support/catalog'

const account = `98${String(Date.now()).slice(-8)}`
let password = 'journey-pass-1'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page

async function api<T>(path: string, body: object, headers: Record<string, string> = {}): Promise<{ status: number; msg: string; code?: string; data: T }> {
  const res = await fetch(`${server.url}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return (await res.json()) as { status: number; msg: string; code?: string; data: T }
}

/** What the server itself says about the account, through a fresh session of its own. */
async function serverSignInCount(): Promise<number> {
  const login = await api<{ token: string }>('/user/login', { account, password })
  const info = await api<{ signIn: { count: number } }>('/user/info', {}, { token: login.data.token, account })
  return info.data.signIn.count
}

async function newPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  return { context: ctx, page: await ctx.newPage() }
}

async function logIn(p: Page): Promise<void> {
  await p.goto(`${server.url}/#/login/login`)
  await p.locator('input[name=account]').fill(account)
  await p.locator('input[name=password]').fill(password)
  await p.locator('button[type=submit]').click()
  await p.waitForURL(/#\/home\/index/)
  await expect.poll(() => p.getByTestId('account-number').textContent()).toBe(account)
}

async function chooseLanguage(p: Page, lang: string): Promise<void> {
  await p.goto(`${server.url}/#/information/changeLang`)
  await p.getByTestId(`lang-option-${lang}`).click()
  await expect.poll(() => p.locator('h1').first().textContent()).toBe(translation(lang, 'Language'))
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchChromium()
  ;({ context, page } = await newPhone())
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the local-first journey', () => {
  it('registers with the demo invite code, logs out and logs in again', async () => {
    await page.goto(`${server.url}/`)
    await page.waitForURL(/#\/login\/start1/)
    await page.goto(`${server.url}/#/login/register`)
    await page.locator('input[name=account]').fill(account)
    await page.locator('input[name=password]').fill(password)
    await page.locator('input[name=confirmPassword]').fill(password)
    await page.locator('input[name=inviteCode]').fill('TIJORI')
    await page.locator('input[type=checkbox]').check()
    await page.locator('button[type=submit]').click()
    await page.waitForURL(/#\/home\/index/)
    await expect.poll(() => page.getByTestId('account-number').textContent()).toBe(account)

    await page.getByTestId('nav-account').click()
    await page.goto(`${server.url}/#/information/setting`)
    await page.getByTestId('logout-button').click()
    await page.getByTestId('confirm-ok').click()
    await page.waitForURL(/#\/login\/login/, { timeout: 5000 })

    await logIn(page)
  })

  it('switches to each language, shows translated text, and keeps the choice across a reload', async () => {
    for (const lang of ['tw', 'kr', 'yd', 'en']) {
      await chooseLanguage(page, lang)
      await page.goto(`${server.url}/#/home/index`)
      await expect.poll(() => page.getByTestId('nav-home').textContent()).toBe(translation(lang, 'Home'))
      await expect.poll(() => page.getByTestId('nav-account').textContent()).toBe(translation(lang, 'Account'))
      await expect.poll(() => page.getByTestId('nav-news').textContent()).toBe(translation(lang, 'News'))
    }
    await chooseLanguage(page, 'kr')
    await page.goto(`${server.url}/#/home/index`)
    await page.reload()
    await expect.poll(() => page.getByTestId('nav-home').textContent()).toBe(translation('kr', 'Home'))
    await chooseLanguage(page, 'en')
  })

  it('opens the news list and an article', async () => {
    await page.goto(`${server.url}/#/home/index`)
    await page.getByTestId('nav-news').click()
    await page.waitForURL(/#\/home\/newsList/)
    await expect.poll(() => page.getByTestId('news-item').count()).toBeGreaterThanOrEqual(6)
    const title = (await page.getByTestId('news-item').first().locator('.news-card-title').textContent())?.trim()
    expect(title).toBeTruthy()
    await page.getByTestId('news-item').first().click()
    await page.waitForURL(/#\/home\/newsDetail/)
    await expect.poll(() => page.locator('h1.article-title').textContent()).toBe(title)
  })

  it('starts a new screen at the top and restores the scroll position on back', async () => {
    await page.setViewportSize({ width: 390, height: 480 })
    await page.goto(`${server.url}/#/home/index`)
    await page.getByTestId('nav-news').click()
    await expect.poll(() => page.getByTestId('news-item').count()).toBeGreaterThanOrEqual(6)
    await page.evaluate(() => window.scrollTo(0, 300))
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(300)
    await page.getByTestId('news-item').nth(4).click()
    await page.waitForURL(/#\/home\/newsDetail/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await page.goBack()
    await page.waitForURL(/#\/home\/newsList/)
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(300)
    await page.setViewportSize({ width: 390, height: 844 })
  })

  it('opens offline after a reload and shows the account and the news from cache', async () => {
    const newsCount = await (async () => {
      await page.goto(`${server.url}/#/home/newsList`)
      await expect.poll(() => page.getByTestId('news-item').count()).toBeGreaterThanOrEqual(6)
      return page.getByTestId('news-item').count()
    })()
    await waitUntilOfflineReady(page)

    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => page.getByTestId('news-item').count()).toBe(newsCount)
    // The banner follows the first failed refresh, which may come a moment after the cached list.
    await expect.poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true)
    await page.getByTestId('nav-home').click()
    await expect.poll(() => page.getByTestId('account-number').textContent()).toBe(account)
  })

  it('queues a sign-in offline and sends it exactly once when back online', async () => {
    // A second phone of the same person, opened before the sign-in, still believes today is open.
    const other = await newPhone()
    await logIn(other.page)
    await chooseLanguage(other.page, 'yd')
    await waitUntilOfflineReady(other.page)

    expect(await serverSignInCount()).toBe(0)
    await page.getByTestId('signin-button').click()
    await expect.poll(() => page.getByTestId('outbox-badge').textContent()).toContain('1')
    await page.getByTestId('outbox-badge').click()
    await expect.poll(() => page.getByTestId('outbox-item').getAttribute('data-state')).toBe('queued')
    expect(await serverSignInCount()).toBe(0)

    await context.setOffline(false)
    await expect.poll(() => page.getByTestId('outbox-item').count(), { timeout: 20_000 }).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('signin-count').textContent(), { timeout: 10_000 }).toBe('1')
    expect(await serverSignInCount()).toBe(1)

    // The other phone taps sign-in while offline; online, the server refuses it in Hindi.
    await other.context.setOffline(true)
    await other.page.goto(`${server.url}/#/home/index`)
    await other.page.getByTestId('signin-button').click()
    await expect.poll(() => other.page.getByTestId('outbox-badge').textContent()).toContain('1')
    await other.context.setOffline(false)
    const refusal = translation('yd', 'You have already signed in today.')
    await expect.poll(() => other.page.getByText(refusal).count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await other.page.getByTestId('outbox-badge').click()
    await expect.poll(() => other.page.getByTestId('outbox-item').getAttribute('data-state')).toBe('failed')
    expect(await serverSignInCount()).toBe(1)
    await other.context.close()
  })

  it('on a 401 says so and goes to re-login after 2 s with the account filled in', async () => {
    // A password change elsewhere ends every other session, this phone's among them.
    const elsewhere = await api<{ token: string }>('/user/login', { account, password })
    const changed = await api<object>(
      '/user/loginPass',
      { oldPassword: password, password: 'journey-pass-2', confirmPassword: 'journey-pass-2' },
      { token: elsewhere.data.token, account, 'Idempotency-Key': crypto.randomUUID() },
    )
    expect(changed.status).toBe(1)
    password = 'journey-pass-2'

    await page.goto(`${server.url}/#/information/index`)
    await expect.poll(() => page.getByText(translation('en', 'Please log in again')).count()).toBeGreaterThan(0)
    const toastAt = Date.now()
    await page.waitForURL(/#\/login\/reLogin/)
    expect(Date.now() - toastAt).toBeGreaterThan(1000)
    await expect.poll(() => page.locator('input[name=account]').inputValue()).toBe(account)
    await page.locator('input[name=password]').fill(password)
    await page.locator('button[type=submit]').click()
    await page.waitForURL(/#\/home\/index/)
    await expect.poll(() => page.getByTestId('account-number').textContent()).toBe(account)
  })
})
