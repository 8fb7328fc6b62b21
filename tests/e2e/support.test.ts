/**
 * Customer service in real Chromium against the real server: the demo account writes to support
 * offline, the message waits on the device and is sent once back online (the server holds exactly
 * one message); an operator replies in the back office; the account menu's badge shows one unread
 * reply, and opening the thread reads it and clears the badge. Then someone who forgot the
 * password writes from the login screen without a session, with the verified name and PAN; an
 * operator sees that they match and allows a reset; the guest sets a new password, signs in with
 * it, and the session that was open before has ended. Waits are for states on screen, never for time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import type { SupportAdminPage, SupportAdminThreadDetail } from '../../src/contract/admin-replies'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { adminCall, startServer, type RunningServer } from './support/server'
import { demoOperatorToken } from './support/operator'
import { DEMO, signIn } from './support/signIn'

/** The demo account's verified identity (server/db/seed.ts). */
const DEMO_NAME = 'Demo User'
const DEMO_PAN = 'DEMOU0001D'
const NEW_PASSWORD = 'fresh-pass-42'

const TEXT = 'My withdrawal from yesterday has not arrived. Written offline.'
const REPLY = 'We are looking into it and will write back today.'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
let operatorToken = ''
let threadId = 0
const pageErrors: string[] = []

const badge = () => page.getByTestId('account-support-unread')

beforeAll(async () => {
  server = await startServer({ TIJORI_AUTO_REVIEW: 'off' })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  operatorToken = await demoOperatorToken(server)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('customer service, signed in', () => {
  it('keeps a message written offline on the device as waiting to send, and sends it once back online', async () => {
    await signIn(page, server.url, DEMO)
    await page.goto(`${server.url}/#/home/kefuCenter`)
    await expect.poll(() => page.getByTestId('support-updated').textContent(), { timeout: 15_000 }).toMatch(/Last updated/)
    expect(await page.getByTestId('support-reply-time').textContent()).toContain('24 hours')
    await waitUntilOfflineReady(page)
    await context.setOffline(true)
    try {
      await page.getByTestId('support-new').click()
      await page.getByTestId('support-create-body').fill(TEXT)
      await page.getByTestId('support-create-send').click()
      const queued = page.getByTestId('support-queued')
      await queued.waitFor()
      expect(await queued.textContent()).toContain('Waiting to send')
      expect(await queued.textContent()).toContain(TEXT)
    } finally {
      await context.setOffline(false)
    }
    // Back online the outbox sends it; its effect fetches the list, where the thread now is.
    await expect.poll(() => page.getByTestId('support-thread').count(), { timeout: 30_000 }).toBe(1)
    await expect.poll(() => page.getByTestId('support-queued').count()).toBe(0)

    const list = await adminCall<SupportAdminPage>(server.url, '/support/list', { page: 1, size: 50 }, operatorToken)
    expect(list.data).toHaveLength(1)
    threadId = list.data[0]!.id
    expect(list.data[0]).toMatchObject({ account: DEMO.account, topic: 'general', status: 'open', guest: false })
    const detail = await adminCall<SupportAdminThreadDetail>(server.url, '/support/thread', { id: threadId }, operatorToken)
    expect(detail.messages.map((m) => [m.author, m.body])).toEqual([['user', TEXT]])
  })

  it("shows an operator's reply as one unread on the account menu, and reading the thread clears it", async () => {
    await adminCall(server.url, '/support/reply', { id: threadId, body: REPLY }, operatorToken)
    // The home grid's entry counts it too.
    await page.goto(`${server.url}/#/home/index`)
    await expect.poll(() => page.getByTestId('home-support-unread').getAttribute('data-count'), { timeout: 15_000 }).toBe('1')
    await page.goto(`${server.url}/#/information/index`)
    await expect.poll(() => badge().getAttribute('data-count'), { timeout: 15_000 }).toBe('1')

    await page.locator('a[href$="/home/kefuCenter"]').click()
    await page.waitForURL(/#\/home\/kefuCenter/)
    const row = page.locator(`[data-testid=support-thread][data-id="${threadId}"]`)
    await expect.poll(() => row.getByTestId('support-thread-unread').getAttribute('data-count'), { timeout: 15_000 }).toBe('1')
    await row.click()
    await page.waitForURL(/#\/home\/kefuCenter\?thread=/)
    const operatorMessage = page.locator('[data-testid=support-message][data-author=operator]')
    await expect.poll(() => operatorMessage.textContent(), { timeout: 15_000 }).toContain(REPLY)
    expect(await page.locator('[data-testid=support-message][data-author=user]').textContent()).toContain(TEXT)

    // Read on the server too: the account menu, fetched again, shows no badge.
    await page.goto(`${server.url}/#/information/index`)
    await page.getByTestId('account-number').waitFor()
    await expect.poll(async () => (await adminCall<SupportAdminPage>(server.url, '/support/list', { page: 1, size: 50 }, operatorToken)).data[0]!.userUnread, { timeout: 15_000 }).toBe(0)
    await page.reload()
    await page.getByTestId('account-number').waitFor()
    await expect.poll(() => badge().count(), { timeout: 15_000 }).toBe(0)
    expect(pageErrors).toEqual([])
  })
})

describe('a forgotten password, reset through customer service', () => {
  it('opens a guest thread from the login screen, and after the operator allows it sets a new password that ends the old session', async () => {
    const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
    const guest = await guestContext.newPage()
    guest.on('pageerror', (error) => pageErrors.push(String(error)))
    try {
      await guest.goto(`${server.url}/#/login/login`)
      await guest.getByTestId('login-forgot-password').click()
      await guest.waitForURL(/#\/home\/kefuCenter\?.*topic=password_reset/)
      const form = guest.getByTestId('support-guest-form')
      await form.waitFor()
      expect(await guest.getByTestId('support-topic-password_reset').isChecked()).toBe(true)
      await form.locator('input[name=account]').fill(DEMO.account)
      await guest.getByTestId('support-guest-name').fill(DEMO_NAME)
      await guest.getByTestId('support-guest-pan').fill(DEMO_PAN.toLowerCase())
      await guest.getByTestId('support-guest-body').fill('I forgot my password and cannot log in.')
      await guest.getByTestId('support-guest-send').click()
      const thread = guest.getByTestId('support-guest-thread')
      await thread.waitFor({ timeout: 15_000 })
      const guestThreadId = Number(await thread.getAttribute('data-thread'))

      // The back office sees the name and PAN matched the verified record, and allows one reset.
      const detail = await adminCall<SupportAdminThreadDetail>(server.url, '/support/thread', { id: guestThreadId }, operatorToken)
      expect(detail.thread).toMatchObject({ topic: 'password_reset', guest: true, identityMatched: true, account: DEMO.account })
      await adminCall(server.url, '/support/grantReset', { id: guestThreadId }, operatorToken)

      // The guest screen asks again every few seconds; the form to set the password appears.
      const reset = guest.getByTestId('support-reset-form')
      await reset.waitFor({ timeout: 30_000 })
      await reset.locator('input[name=new-password]').fill(NEW_PASSWORD)
      await reset.locator('input[name=confirm-password]').fill(NEW_PASSWORD)
      await guest.getByTestId('support-reset-submit').click()
      await guest.getByTestId('support-reset-done').waitFor({ timeout: 15_000 })

      await signIn(guest, server.url, { account: DEMO.account, password: NEW_PASSWORD })
    } finally {
      await guestContext.close()
    }

    // The session the first browser held has ended: its next call is refused and it asks for a login.
    // (The page is on the account screen already: reload it so it asks the server again.)
    await page.reload()
    await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/#\/login\/reLogin/)
    expect(pageErrors).toEqual([])
  })
})
