/**
 * Identity and bank cards in real Chromium against the real server (`npm start`'s script, demo
 * profile, so the demo's reviewer approves 5 s after sending): a new account sends its name, ID
 * number, PAN and two photos -> under review -> verified by itself -> adds a bank card -> the
 * card list opens offline -> sets its fund password. Selectors are data-testid: the text follows the language catalogs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type Page } from 'playwright-core'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { startServer, type RunningServer } from './support/server'
import { signIn } from './support/signIn'

const ACCOUNT = '9400000001'
const PASSWORD = 'secret123'
// A 1x1 PNG: a real picture, as the server judges by its bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64')

let server: RunningServer
let browser: Browser
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  server = await startServer()
  browser = await launchChromium()
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  const registered = await fetch(`${server.url}/api/vue/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ account: ACCOUNT, password: PASSWORD, confirmPassword: PASSWORD, inviteCode: 'TIJORI', agree: true }),
  })
  expect(((await registered.json()) as { status: number }).status).toBe(1)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('identity and bank cards', () => {
  it('refuses a card before the identity is verified, and says what to do', async () => {
    await page.goto(`${server.url}/#/login/login`)
    await page.locator('input[name=account]').fill(ACCOUNT)
    await page.locator('input[name=password]').fill(PASSWORD)
    await page.locator('button[type=submit]').click()
    await page.waitForURL(/#\/home\/index/)
    await page.goto(`${server.url}/#/information/bankList`)
    await page.getByTestId('cards-empty').waitFor()
    expect(await page.getByTestId('add-card').count()).toBe(0)
  })

  it('sends the identity with two photos, shows it under review, then verified by the demo reviewer', async () => {
    await page.goto(`${server.url}/#/information/authInfo`)
    await expect.poll(() => page.getByTestId('real-name-status').getAttribute('data-status')).toBe('none')
    await page.locator('input[name=name]').fill('Asha Rao')
    await page.locator('input[name=idNumber]').fill('AB12345678')
    // A malformed PAN is caught before anything is sent, and nothing typed is lost.
    await page.locator('input[name=pan]').fill('abcd1234f')
    await page.getByTestId('photo-front').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG })
    await page.getByTestId('photo-back').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG })
    await page.getByTestId('real-name-submit').click()
    await page.locator('.field--error input[name=pan]').waitFor()
    expect(await page.locator('input[name=name]').inputValue()).toBe('Asha Rao')

    await page.locator('input[name=pan]').fill('abcde1234f')
    expect(await page.locator('input[name=pan]').inputValue()).toBe('ABCDE1234F')
    await page.getByTestId('real-name-submit').click()
    await expect.poll(() => page.getByTestId('real-name-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('pending')
    await expect.poll(() => page.getByTestId('real-name-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('verified')
  })

  it('adds a bank card in the verified name and lists it, also offline', async () => {
    await page.goto(`${server.url}/#/information/bankList`)
    await page.getByTestId('add-card').click()
    await page.waitForURL(/#\/information\/addBankCard/)
    // The holder is filled with the verified name.
    await expect.poll(() => page.locator('input[name=holder]').inputValue()).toBe('Asha Rao')
    await page.locator('input[name=accountNumber]').fill('1234 5678 9012')
    await page.locator('input[name=ifsc]').fill('sbin0001234')
    await page.locator('input[name=bank]').fill('State Bank of India')
    await page.locator('input[name=branch]').fill('Fort, Mumbai')
    await page.getByTestId('card-submit').click()
    await page.waitForURL(/#\/information\/bankList/)
    await expect.poll(() => page.getByTestId('bank-card').count(), { timeout: 15_000 }).toBe(1)
    expect(await page.getByTestId('bank-card').textContent()).toContain('•••• 9012')

    await waitUntilOfflineReady(page)
    await page.context().setOffline(true)
    await page.reload()
    await expect.poll(() => page.getByTestId('bank-card').count()).toBe(1)
    await page.context().setOffline(false)
  })

  it('sets a six-digit fund password with the login password, then asks for it to change it', async () => {
    // Opened from the security list, it returns there once set (not to Home).
    await page.goto(`${server.url}/#/information/safety`)
    await page.locator('a[href$="/information/fundPass"]').click()
    await page.waitForURL(/#\/information\/fundPass/)
    await expect.poll(() => page.getByTestId('fund-pass-form').getAttribute('data-set')).toBe('false')
    await page.locator('input[name=proof]').fill('not-my-password')
    await page.locator('input[name=fundPassword]').fill('24a6810')
    // Only digits are kept as typed.
    expect(await page.locator('input[name=fundPassword]').inputValue()).toBe('246810')
    await page.locator('input[name=confirmFundPassword]').fill('246810')
    await page.getByTestId('fund-pass-submit').click()
    // The wrong login password is named under its field, and nothing else is lost.
    await page.locator('.field--error input[name=proof]').waitFor()
    expect(await page.locator('input[name=fundPassword]').inputValue()).toBe('246810')
    await page.locator('input[name=proof]').fill(PASSWORD)
    await page.getByTestId('fund-pass-submit').click()
    await page.waitForURL(/#\/information\/safety$/)
    await page.goto(`${server.url}/#/information/fundPass`)
    await expect.poll(() => page.getByTestId('fund-pass-form').getAttribute('data-set')).toBe('true')
  })

  it('withdraws from the demo account to its card: frozen, confirmed, then paid by the demo reviewer', async () => {
    const demo = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
    const p = await demo.newPage()
    p.on('pageerror', (error) => pageErrors.push(String(error)))
    await signIn(p, server.url)
    // No card yet: the screen says what to do first.
    await p.goto(`${server.url}/#/information/cashOut`)
    await p.getByTestId('cashout-blocked').waitFor()
    await p.goto(`${server.url}/#/information/addBankCard`)
    await expect.poll(() => p.locator('input[name=holder]').inputValue()).toBe('Demo User')
    await p.locator('input[name=accountNumber]').fill('998877665544')
    await p.locator('input[name=ifsc]').fill('HDFC0001234')
    await p.locator('input[name=bank]').fill('HDFC Bank')
    await p.locator('input[name=branch]').fill('Pune')
    await p.getByTestId('card-submit').click()
    await expect.poll(() => p.getByTestId('bank-card').count(), { timeout: 15_000 }).toBe(1)

    await p.goto(`${server.url}/#/information/cashOut`)
    await p.getByTestId('cashout-form').waitFor()
    await p.getByTestId('cashout-amount-input').fill('1000')
    await p.getByTestId('cashout-amount-input').press('Enter')
    await p.locator('input[name=fundPassword]').fill('123456')
    await p.getByTestId('cashout-submit').click()
    await p.locator('dialog[open]').getByTestId('confirm-ok').click()
    await expect.poll(() => p.getByTestId('withdrawal').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('pending')
    // The demo reviewer approves it about 5 s later; the fund records show the freeze.
    await p.goto(`${server.url}/#/information/fundRecord`)
    await expect.poll(() => p.locator('[data-testid=fund-record][data-reason=withdrawal_freeze]').count(), { timeout: 15_000 }).toBe(1)
    // Each attempt reads once the server has answered the refresh the screen makes on opening.
    const statusOnOpen = async () => {
      await p.goto(`${server.url}/#/home/index`)
      const refreshed = p.waitForResponse((res) => new URL(res.url()).pathname.endsWith('/user/withdrawList'))
      await p.goto(`${server.url}/#/information/cashOut`)
      await refreshed
      await p.getByTestId('withdrawal').first().waitFor()
      return p.getByTestId('withdrawal').first().getAttribute('data-status')
    }
    await expect.poll(statusOnOpen, { timeout: 20_000, interval: 1_000 }).toBe('approved')
    await demo.close()
  })

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([])
  })
})
