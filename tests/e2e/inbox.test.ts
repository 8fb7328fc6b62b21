/**
 * The inbox in real Chromium against the real server (`npm start`'s script, people deciding
 * reviews): events the server writes into the inbox in their own transactions — a wrong password
 * tried on the account, a loan application decided in the back office — show as a count on the
 * account tab; the messages screen words each one, links to its screen, and opening it marks them
 * read, so the count goes; offline, the messages still open. Waits are for states on screen.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { adminCall, startServer, type RunningServer } from './support/server'
import { demoOperatorToken } from './support/operator'
import { DEMO, signIn } from './support/signIn'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

type Envelope<T> = { status: number; code?: string; msg: string; data: T }

/** One /api/vue call as another device of the same person makes it (its own session). */
async function userCall<T>(path: string, body: object, session?: { token: string; account: string }): Promise<Envelope<T>> {
  const res = await fetch(`${server.url}/api/vue${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'Idempotency-Key': randomUUID(),
      ...(session ? { token: session.token, account: session.account } : {}),
    },
    body: JSON.stringify(body),
  })
  return (await res.json()) as Envelope<T>
}

const badge = () => page.getByTestId('nav-account-badge')

/** The account tab's count as shown: 0 when there is no badge. */
async function badgeCount(): Promise<number> {
  return (await badge().count()) === 0 ? 0 : Number(await badge().getAttribute('data-count'))
}

/** Starts the app afresh on home (which fetches the inbox) and waits for the inbox's reply. */
async function restartOnHome(): Promise<void> {
  await page.goto(`${server.url}/#/home/index`)
  const listed = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith('/inbox/list'))
  await page.reload()
  await listed
}

/** The unread count the server has for the demo account, asked by another device's session. */
async function serverUnread(session: { token: string; account: string }): Promise<number> {
  const reply = await userCall<{ unread: number }>('/inbox/list', { page: 1, size: 1 }, session)
  expect(reply.status).toBe(1)
  return reply.data.unread
}

beforeAll(async () => {
  server = await startServer({ TIJORI_AUTO_REVIEW: 'off' })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the inbox, from an event to read', () => {
  let other: { token: string; account: string }
  let unread = 0

  it('shows on the account tab the unread count the server has', async () => {
    await signIn(page, server.url, DEMO)
    await waitUntilOfflineReady(page)
    const login = await userCall<{ token: string; account: string }>('/user/login', DEMO)
    expect(login.status).toBe(1)
    other = login.data
    const unread = await serverUnread(other)
    await restartOnHome()
    await expect.poll(() => badgeCount(), { timeout: 10_000 }).toBe(unread)
  })

  it('counts a wrong password tried on the account and a loan decided in the back office', async () => {
    const before = await serverUnread(other)
    // Someone tries a wrong password: the server counts it and tells the account.
    const wrong = await userCall('/user/login', { account: DEMO.account, password: 'not-the-password' })
    expect(wrong.status).toBe(0)
    // The same person on another device applies for a loan; an operator approves it.
    const applied = await userCall('/loan/apply', { amount: 1_000_000 }, other)
    expect(applied.status).toBe(1)
    const token = await demoOperatorToken(server)
    const { data } = await adminCall<{ data: { id: number }[] }>(server.url, '/reviews/list', { kind: 'loan', status: 'pending' }, token)
    expect(data).toHaveLength(1)
    await adminCall(server.url, '/reviews/decide', { kind: 'loan', id: data[0]!.id, approve: true }, token)
    expect(await serverUnread(other)).toBe(before + 2)

    unread = before + 2
    await restartOnHome()
    await expect.poll(() => badgeCount(), { timeout: 10_000 }).toBe(unread)
    expect(await badge().isVisible()).toBe(true)
  })

  it('words each message, links it to its screen, and marks them read when opened', async () => {
    await page.getByTestId('nav-account').click()
    const menuItem = page.locator('a[href$="/information/msgInfo"]')
    await expect.poll(() => menuItem.locator('.menu-link-value').textContent(), { timeout: 10_000 }).toBe(String(unread))
    await menuItem.click()
    await page.waitForURL(/#\/information\/msgInfo/)
    const loan = page.locator('[data-testid=inbox-item][data-kind=review_decided]').first()
    await expect.poll(() => loan.getByTestId('inbox-text').textContent(), { timeout: 15_000 }).toBe('Your loan application was approved.')
    expect(await loan.getAttribute('data-unread')).toBe('true')
    expect(await loan.getByTestId('inbox-link').getAttribute('href')).toBe('#/information/loan')
    const failed = page.locator('[data-testid=inbox-item][data-kind=sign_in_failed]').first()
    expect(await failed.getByTestId('inbox-text').textContent()).toMatch(/wrong password/)
    expect(await failed.getByTestId('inbox-link').getAttribute('href')).toBe('#/information/safety')
    // Newest first: the loan's decision came after the wrong password.
    const kinds = await page.getByTestId('inbox-item').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')))
    expect(kinds.indexOf('review_decided')).toBeLessThan(kinds.indexOf('sign_in_failed'))

    // The read reaches the server (through the outbox), and the tab shows no count.
    await expect.poll(() => serverUnread(other), { timeout: 20_000 }).toBe(0)
    await restartOnHome()
    await expect.poll(() => badgeCount(), { timeout: 10_000 }).toBe(0)
  })

  it('opens the message\'s screen from its link', async () => {
    await page.goto(`${server.url}/#/information/msgInfo`)
    const loan = page.locator('[data-testid=inbox-item][data-kind=review_decided]').first()
    await loan.getByTestId('inbox-link').click()
    await page.waitForURL(/#\/information\/loan/)
    await expect.poll(() => page.getByTestId('loan-unpaid').getAttribute('data-status'), { timeout: 15_000 }).toBe('borrowing')
  })

  it('shows the messages offline', async () => {
    await context.setOffline(true)
    try {
      await page.goto(`${server.url}/#/information/msgInfo`)
      await page.reload()
      const loan = page.locator('[data-testid=inbox-item][data-kind=review_decided]').first()
      await expect.poll(() => loan.getByTestId('inbox-text').textContent(), { timeout: 15_000 }).toBe('Your loan application was approved.')
      expect(await page.getByTestId('inbox-item').count()).toBeGreaterThanOrEqual(2)
    } finally {
      await context.setOffline(false)
    }
  })

  it('had no errors in the page', () => {
    expect(pageErrors).toEqual([])
  })
})
