/**
 * Money in and out with people deciding, in real Chromium against the real server (`npm start`'s
 * script with the automatic reviewer off): register -> real name with two photos -> an operator
 * approves in the back office -> deposit with a receipt -> the operator approves -> the balance
 * shows -> add a card -> withdraw -> the operator approves -> fund records and the CSV show all
 * of it; and a refusal from the server reads in every language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type Page } from 'playwright-core'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { translation } from './support/catalog'
import { startServer, type RunningServer } from './support/server'
import { reopenUntil } from './support/reopen'
import { DEMO_OPERATOR, signInToBackOffice } from './support/operator'

const ACCOUNT = '9400000077'
const PASSWORD = 'secret123'
const FUND_PASSWORD = '246810'
// A 1x1 PNG: a real picture, as the server judges by its bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64')

let server: RunningServer
let browser: Browser
let user: Page
let operator: Page
const pageErrors: string[] = []

/** The operator approves the request of ACCOUNT waiting in `queue`, after looking at its evidence. */
async function approve(queue: string, evidence: number): Promise<void> {
  await operator.getByTestId('panel-reviews').click()
  await operator.getByTestId(`queue-${queue}`).click()
  const item = operator.locator(`[data-testid=review-item][data-account="${ACCOUNT}"]`)
  await item.waitFor({ timeout: 15_000 })
  if (evidence > 0) {
    await item.getByTestId('show-evidence').click()
    await expect.poll(() => item.getByTestId('evidence-image').count()).toBe(evidence)
  }
  await item.getByTestId('approve').click()
  // Asked in the page, not by the browser: the confirmation is a modal dialog that holds the focus.
  const dialog = operator.locator('dialog[open][data-testid=confirm-dialog]')
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  await dialog.getByTestId('confirm-ok').click()
  await item.waitFor({ state: 'detached', timeout: 15_000 })
}

/** Re-opens a screen until `read` gives `want`, each time once the server answered its refresh (`api`). */
const pollOnOpen = (hash: string, api: string, read: () => Promise<string | null>, want: string) =>
  reopenUntil(user, server.url, { hash, refresh: api }, read, want, 30_000)

beforeAll(async () => {
  server = await startServer({ TIJORI_AUTO_REVIEW: 'off' })
  browser = await launchChromium()
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN', acceptDownloads: true })
  user = await phone.newPage()
  user.on('pageerror', (error) => pageErrors.push(String(error)))
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  operator = await desk.newPage()
  operator.on('pageerror', (error) => pageErrors.push(String(error)))
  // The back office asks in the page; a native dialog would be a regression.
  operator.on('dialog', (dialog) => {
    pageErrors.push(`native ${dialog.type()} dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('money in and out, decided in the back office', () => {
  it('registers and sends the real name with two photos', async () => {
    await user.goto(`${server.url}/#/login/register`)
    await user.locator('input[name=account]').fill(ACCOUNT)
    await user.locator('input[name=password]').fill(PASSWORD)
    await user.locator('input[name=confirmPassword]').fill(PASSWORD)
    await user.locator('input[name=inviteCode]').fill('TIJORI')
    await user.locator('input[type=checkbox]').check()
    await user.locator('button[type=submit]').click()
    await user.waitForURL(/#\/home\/index/)

    await user.goto(`${server.url}/#/information/authInfo`)
    await user.locator('input[name=name]').fill('Asha Rao')
    await user.locator('input[name=idNumber]').fill('AB12345678')
    await user.locator('input[name=pan]').fill('ABCDE1234F')
    await user.getByTestId('photo-front').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG })
    await user.getByTestId('photo-back').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG })
    await user.getByTestId('real-name-submit').click()
    await expect.poll(() => user.getByTestId('real-name-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('pending')
  })

  it('lets the operator sign in to the back office, choose their own password first, see both photos and approve', async () => {
    await operator.goto(`${server.url}/admin.html`)
    await operator.locator('input[name=username]').fill(DEMO_OPERATOR.username)
    await operator.locator('input[name=password]').fill('wrong-password')
    await operator.locator('button[type=submit]').click()
    await operator.getByRole('alert').waitFor()
    await operator.locator('input[name=password]').fill(DEMO_OPERATOR.given)
    await operator.locator('button[type=submit]').click()
    // The given password opens nothing but its change.
    const form = operator.getByTestId('first-password')
    await form.waitFor()
    expect(await operator.getByTestId('panel-reviews').count()).toBe(0)
    await form.getByLabel('Current password').fill(DEMO_OPERATOR.given)
    await form.getByLabel('New password (10 or more characters)').fill(DEMO_OPERATOR.given)
    await form.getByLabel('New password again').fill(DEMO_OPERATOR.given)
    await form.getByTestId('password-submit').click()
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('The new password must differ from the current one.')
    await form.getByLabel('New password (10 or more characters)').fill(DEMO_OPERATOR.password)
    await form.getByLabel('New password again').fill(DEMO_OPERATOR.password)
    await form.getByTestId('password-submit').click()
    await operator.getByTestId('panel-reviews').waitFor()
    await approve('real_name', 2)
    await pollOnOpen('/information/authInfo', '/user/realNameInfo', () => user.getByTestId('real-name-status').getAttribute('data-status'), 'verified')
  })

  it('deposits with a receipt; once approved the balance shows it', async () => {
    await user.goto(`${server.url}/#/information/recharge`)
    await user.getByTestId('recharge-channel-upi').click()
    await user.getByTestId('recharge-amount-input').fill('10000')
    await user.getByTestId('recharge-amount-input').press('Tab')
    await user.getByTestId('recharge-next').click()
    await user.waitForURL(/#\/information\/rechargeChannel/)
    await user.getByTestId('recharge-receipt').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG })
    await user.getByTestId('recharge-submit').click()
    await user.locator('dialog[open]').getByTestId('confirm-ok').click()
    await expect.poll(() => user.getByTestId('recharge').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('pending')

    await approve('recharge', 1)
    await pollOnOpen('/information/recharge', '/user/rechargeList', () => user.getByTestId('recharge').first().getAttribute('data-status'), 'approved')
    await pollOnOpen('/information/index', '/user/info', () => user.getByTestId('balance-available').textContent(), '₹10,000.00')
    await expect.poll(() => user.getByTestId('assets-total').textContent()).toBe('₹10,000.00')
  })

  it('adds a card, sets a fund password and withdraws; the operator pays it', async () => {
    await user.goto(`${server.url}/#/information/addBankCard`)
    await expect.poll(() => user.locator('input[name=holder]').inputValue()).toBe('Asha Rao')
    await user.locator('input[name=accountNumber]').fill('123456789012')
    await user.locator('input[name=ifsc]').fill('SBIN0001234')
    await user.locator('input[name=bank]').fill('State Bank of India')
    await user.locator('input[name=branch]').fill('Fort, Mumbai')
    await user.getByTestId('card-submit').click()
    await expect.poll(() => user.getByTestId('bank-card').count(), { timeout: 15_000 }).toBe(1)

    // The withdrawal form asks for a fund password first, and setting one comes back to it.
    await user.goto(`${server.url}/#/information/cashOut`)
    await user.getByTestId('cashout-blocked').getByRole('link').click()
    await user.waitForURL(/#\/information\/fundPass/)
    await user.locator('input[name=proof]').fill(PASSWORD)
    await user.locator('input[name=fundPassword]').fill(FUND_PASSWORD)
    await user.locator('input[name=confirmFundPassword]').fill(FUND_PASSWORD)
    await user.getByTestId('fund-pass-submit').click()
    await user.waitForURL(/#\/information\/cashOut/)
    await user.getByTestId('cashout-form').waitFor()
    await user.getByTestId('cashout-amount-input').fill('2500')
    await user.getByTestId('cashout-amount-input').press('Tab')
    await user.locator('input[name=fundPassword]').fill(FUND_PASSWORD)
    await user.getByTestId('cashout-submit').click()
    await user.locator('dialog[open]').getByTestId('confirm-ok').click()
    await expect.poll(() => user.getByTestId('withdrawal').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('pending')

    await approve('withdrawal', 0)
    await pollOnOpen('/information/cashOut', '/user/withdrawList', () => user.getByTestId('withdrawal').first().getAttribute('data-status'), 'approved')
    await pollOnOpen('/information/index', '/user/info', () => user.getByTestId('balance-available').textContent(), '₹7,500.00')
  })

  it('shows the deposit and the withdrawal in the fund records and in the CSV', async () => {
    await user.goto(`${server.url}/#/information/fundRecord`)
    for (const reason of ['recharge', 'withdrawal_freeze', 'withdrawal_paid']) {
      await expect.poll(() => user.locator(`[data-testid=fund-record][data-reason=${reason}]`).count(), { timeout: 15_000 }).toBe(1)
    }
    const [download] = await Promise.all([user.waitForEvent('download'), user.getByTestId('export-ledger').click()])
    expect(download.suggestedFilename()).toMatch(/^tijori-ledger-\d{4}-\d{2}-\d{2}\.csv$/)
    const path = await download.path()
    const csv = (await import('node:fs')).readFileSync(path, 'utf8')
    expect(csv).toMatch(/recharge.*10000\.00/)
    expect(csv).toMatch(/withdrawal_freeze.*-2500\.00/)
    expect(csv).toMatch(/withdrawal_paid/)

    // Offline, the records and their tabs still open from the device.
    await waitUntilOfflineReady(user)
    await user.context().setOffline(true)
    await user.reload()
    await expect.poll(() => user.locator('[data-testid=fund-record][data-reason=recharge]').count()).toBe(1)
    await user.getByTestId('fund-tab-withdrawal').click()
    await expect.poll(() => user.locator('[data-testid=fund-record]').count()).toBe(2)
    expect(await user.locator('[data-testid=fund-record][data-reason=recharge]').count()).toBe(0)
    await user.context().setOffline(false)
  })

  it('says a refusal of the server in every language', async () => {
    for (const lang of ['tw', 'kr', 'yd', 'en']) {
      await user.goto(`${server.url}/#/information/changeLang`)
      await user.getByTestId(`lang-option-${lang}`).click()
      await expect.poll(() => user.locator('h1').first().textContent()).toBe(translation(lang, 'Language'))
      await user.goto(`${server.url}/#/information/cashOut`)
      await user.getByTestId('cashout-form').waitFor()
      await user.getByTestId('cashout-amount-input').fill('1000')
      await user.getByTestId('cashout-amount-input').press('Tab')
      await user.locator('input[name=fundPassword]').fill('000000')
      await user.getByTestId('cashout-submit').click()
      await user.locator('dialog[open]').getByTestId('confirm-ok').click()
      await expect.poll(() => user.getByTestId('cashout-error').textContent(), { timeout: 10_000 }).toBe(translation(lang, 'The fund password is wrong.'))
    }
  })

  it('fits a phone: at 390 px the back office is no wider than the screen and Sign out is on it', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const desk = await phone.newPage()
    desk.on('pageerror', (error) => pageErrors.push(String(error)))
    try {
      await signInToBackOffice(desk, server)
      const fits = () =>
        desk.evaluate(() => {
          const out = document.querySelector('[data-testid=sign-out]')!.getBoundingClientRect()
          return {
            pageWider: document.documentElement.scrollWidth > window.innerWidth,
            signOut: out.left >= 0 && out.right <= window.innerWidth && out.top >= 0 && out.bottom <= window.innerHeight,
          }
        })
      for (const panel of ['reviews', 'users', 'ipo', 'support', 'audit', 'operators']) {
        await desk.getByTestId(`panel-${panel}`).click()
        await expect.poll(() => desk.locator('body').textContent(), { timeout: 30_000 }).not.toContain('Loading…')
        expect([panel, await fits()]).toEqual([panel, { pageWider: false, signOut: true }])
      }
      // A user's page: balances as money, ledger reasons in words.
      await desk.getByTestId('panel-users').click()
      await desk.getByLabel('Search users').fill(ACCOUNT)
      await desk.getByRole('button', { name: 'Search' }).click()
      await desk.getByTestId('user-row').first().click()
      const ledger = desk.getByTestId('ledger-row')
      await expect.poll(() => ledger.count(), { timeout: 15_000 }).toBeGreaterThan(0)
      expect(await desk.getByTestId('balance-row').first().textContent()).toBe('INR₹7,500.00₹0.00')
      expect(await ledger.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Withdrawal paid')]))
      expect(await desk.getByTestId('user-detail').textContent()).not.toMatch(/minor units|withdrawal_paid|real_name|\{"/)
      expect(await fits()).toEqual({ pageWider: false, signOut: true })
      if (process.env.TIJORI_SCREENSHOTS) await desk.screenshot({ path: `${process.env.TIJORI_SCREENSHOTS}/back-office-390.png`, fullPage: true })
    } finally {
      await phone.close()
    }
  })

  it('threw no uncaught errors in either page', () => {
    expect(pageErrors).toEqual([])
  })
})
