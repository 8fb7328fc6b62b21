/**
 * Privacy and account safety in real Chromium against the real server (`npm start`'s script with
 * people, not the demo's reviewer, deciding reviews). A new account (nothing in its wallets, so
 * nothing stands in the way of deleting it) turns two-step sign-in on from the safety screen:
 * the QR code and its key, a code the test computes with the server's own TOTP module (RFC 6238),
 * the ten recovery codes shown once. Signing in again asks for a code after the password and
 * takes one; a recovery code works in its place. The privacy policy shows the published
 * retention periods; the data file downloads and is the account's; a deletion request is sent
 * with the password, shown in review, approved by an operator (adminCall), and from then on the
 * account cannot sign in. The demo account, with money in its wallet, is told what blocks it, and
 * with two-step sign-in on, its withdrawal form asks for a code and goes through with one.
 * Waits are for states on screen or replies, never for time.
 */
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { base32Decode, hotp, stepAt } from '../../server/totp/totp'
import { launchChromium } from './support/browser'
import { adminCall, startServer, type RunningServer } from './support/server'
import { demoOperatorToken } from './support/operator'
import { DEMO, signIn } from './support/signIn'

const ACCOUNT = '9400000133'
const PASSWORD = 'secret123'

let server: RunningServer
let browser: Browser
const contexts: BrowserContext[] = []
const pageErrors: string[] = []

/** A fresh browser profile: no session, nothing in IndexedDB. */
async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN', acceptDownloads: true })
  contexts.push(context)
  const page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  return page
}

/** An authenticator app: the secret as the screen showed it, and the last step whose code the server took (a code works once). */
type Authenticator = { secret: string; lastUsedStep: number }

/**
 * A code the server has not seen: the current step's, or the next one's (within the server's ±1
 * window) if the current one was used. Two codes already used ahead of the clock leave none in
 * the window: then the only way is to wait for the real clock (the server's), a step at most.
 */
async function nextCode(app: Authenticator): Promise<string> {
  const step = Math.max(stepAt(Date.now()), app.lastUsedStep + 1)
  while (stepAt(Date.now()) + 1 < step) await new Promise((resolve) => setTimeout(resolve, 250))
  app.lastUsedStep = step
  return hotp(base32Decode(app.secret), step)
}

/**
 * Turns two-step sign-in on from the safety screen as a person would: the password, the key
 * read off the screen into the "app", its code; returns the app and the recovery codes shown.
 */
async function turnOnTwoStep(page: Page, password: string): Promise<{ app: Authenticator; recoveryCodes: string[] }> {
  await page.goto(`${server.url}/#/information/safety`)
  const card = page.getByTestId('totp-card')
  await expect.poll(() => card.getAttribute('data-enabled'), { timeout: 15_000 }).toBe('false')
  await card.getByTestId('totp-start').click()
  await card.locator('input[name=totpPassword]').fill(password)
  await card.getByTestId('totp-password-submit').click()

  const key = card.getByTestId('totp-secret')
  const app = { secret: (await key.getAttribute('data-secret', { timeout: 15_000 })) ?? '', lastUsedStep: 0 }
  expect(app.secret).toMatch(/^[A-Z2-7]{32}$/)
  // The key in groups of four, as authenticator apps show a typed key.
  expect((await key.textContent())?.replace(/\s/g, '')).toBe(app.secret)
  await expect.poll(() => card.getByTestId('totp-qr').getAttribute('data-state'), { timeout: 15_000 }).toBe('drawn')

  await card.getByTestId('totp-enable-code').fill(await nextCode(app))
  await card.getByTestId('totp-enable-submit').click()
  const codes = card.getByTestId('totp-recovery-codes').locator('li')
  await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10)
  const recoveryCodes = await codes.allTextContents()

  // "Done" waits for the user to say the codes are saved; then they are gone for good.
  expect(await card.getByTestId('totp-recovery-done').isDisabled()).toBe(true)
  await card.getByTestId('totp-recovery-saved').check()
  await card.getByTestId('totp-recovery-done').click()
  await card.getByTestId('totp-on').waitFor()
  expect(await card.getAttribute('data-enabled')).toBe('true')
  expect(await page.getByTestId('totp-recovery-codes').count()).toBe(0)
  return { app, recoveryCodes }
}

async function fillLogin(page: Page, who: { account: string; password: string }) {
  await page.goto(`${server.url}/#/login/login`)
  await page.locator('input[name=account]').fill(who.account)
  await page.locator('input[name=password]').fill(who.password)
  await page.locator('button[type=submit]').click()
}

beforeAll(async () => {
  server = await startServer({ TIJORI_AUTO_REVIEW: 'off' })
  browser = await launchChromium()
  const registered = await fetch(`${server.url}/api/vue/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ account: ACCOUNT, password: PASSWORD, confirmPassword: PASSWORD, inviteCode: 'TIJORI', agree: true }),
  })
  expect(((await registered.json()) as { status: number }).status).toBe(1)
})

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined)
  await browser?.close()
  await server?.stop()
})

/** The new account's authenticator and recovery codes, once two-step sign-in is on. */
let app: Authenticator = { secret: '', lastUsedStep: 0 }
let recoveryCodes: string[] = []

describe('two-step sign-in', () => {

  it('turns on from the safety screen: password, QR code and key, a code from the app, recovery codes shown once', async () => {
    const page = await freshPage()
    await signIn(page, server.url, { account: ACCOUNT, password: PASSWORD })
    ;({ app, recoveryCodes } = await turnOnTwoStep(page, PASSWORD))
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
  })

  it('asks for a code after the password, refuses a wrong one, and signs in with the right one', async () => {
    const page = await freshPage()
    await fillLogin(page, { account: ACCOUNT, password: PASSWORD })
    const code = page.getByTestId('totp-code')
    await code.waitFor({ timeout: 15_000 })
    expect(page.url()).toMatch(/#\/login\/login/)

    const right = await nextCode(app)
    const wrong = right === '000000' ? '111111' : '000000'
    await code.fill(wrong)
    await page.locator('button[type=submit]').click()
    await expect.poll(() => page.locator('.field--error [role=alert]').textContent(), { timeout: 15_000 }).toMatch(/not valid/)

    await code.fill(right)
    await page.locator('button[type=submit]').click()
    await page.waitForURL(/#\/home\/index/, { timeout: 15_000 })
  })

  it('takes a recovery code in place of a code, once', async () => {
    const page = await freshPage()
    await fillLogin(page, { account: ACCOUNT, password: PASSWORD })
    await page.getByTestId('totp-code').fill(recoveryCodes[0]!.toUpperCase())
    await page.locator('button[type=submit]').click()
    await page.waitForURL(/#\/home\/index/, { timeout: 15_000 })

    const again = await freshPage()
    await fillLogin(again, { account: ACCOUNT, password: PASSWORD })
    await again.getByTestId('totp-code').fill(recoveryCodes[0]!)
    await again.locator('button[type=submit]').click()
    await expect.poll(() => again.locator('.field--error [role=alert]').textContent(), { timeout: 15_000 }).toMatch(/not valid/)
    expect(again.url()).toMatch(/#\/login\/login/)
  })
})

describe('the privacy policy, the data file and deleting the account', () => {
  let page: Page

  beforeAll(async () => {
    page = await freshPage()
    await fillLogin(page, { account: ACCOUNT, password: PASSWORD })
    // The second recovery code (the first was used above): no wait for the authenticator's clock.
    await page.getByTestId('totp-code').fill(recoveryCodes[1]!)
    await page.locator('button[type=submit]').click()
    await page.waitForURL(/#\/home\/index/, { timeout: 15_000 })
  })

  it('opens from the account menu and shows the published retention periods and age of consent', async () => {
    await page.goto(`${server.url}/#/information/index`)
    await page.locator('a[href$="/information/pj"]').click()
    await page.waitForURL(/#\/information\/pj/)
    const retention = page.getByTestId('privacy-retention')
    await retention.waitFor()
    expect(await retention.getAttribute('data-financial')).toBe('5')
    expect(await retention.getAttribute('data-investment')).toBe('10')
    expect(await page.getByTestId('privacy-consent-age').getAttribute('data-age')).toBe('14')
  })

  it('downloads the account\'s data as one JSON file', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('privacy-export-json').click()])
    expect(download.suggestedFilename()).toBe(`tijori-data-${ACCOUNT}.json`)
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { format: string; account: string; sections: Record<string, unknown[]> }
    expect(data.format).toBe('tijori-data-export')
    expect(data.account).toBe(ACCOUNT)
    expect(Object.keys(data.sections).length).toBeGreaterThan(5)
    // Nobody else's: not the demo account, which exists on this server with a ledger of its own.
    expect(JSON.stringify(data)).not.toContain(DEMO.account)
  })

  it('shows what the law keeps and until when, and sends a deletion request for review', async () => {
    const card = page.getByTestId('privacy-deletion')
    const kept = card.getByTestId('deletion-keep').locator('li')
    await expect.poll(() => kept.count(), { timeout: 15_000 }).toBe(2)
    expect(await kept.evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-record')}:${r.getAttribute('data-years')}`))).toEqual(['financial:5', 'investment:10'])
    await card.locator('input[name=deletionPassword]').fill(PASSWORD)
    await card.getByTestId('deletion-submit').click()
    await page.locator('dialog[open]').getByTestId('confirm-ok').click()
    await expect.poll(() => card.getByTestId('deletion-request').getAttribute('data-status'), { timeout: 15_000 }).toBe('pending')
  })

  it('closes the account once an operator approves: signing in is refused from then on', async () => {
    const token = await demoOperatorToken(server)
    const { data } = await adminCall<{ data: { id: number }[] }>(server.url, '/reviews/list', { kind: 'deletion', status: 'pending' }, token)
    expect(data).toHaveLength(1)
    await adminCall(server.url, '/reviews/decide', { kind: 'deletion', id: data[0]!.id, approve: true }, token)

    const after = await freshPage()
    await fillLogin(after, { account: ACCOUNT, password: PASSWORD })
    await expect.poll(() => after.locator('.form-error[role=alert]').textContent(), { timeout: 15_000 }).toMatch(/closed/)
    expect(after.url()).toMatch(/#\/login\/login/)
    expect(await after.getByTestId('totp-code').count()).toBe(0)
  })

})

describe('the demo account: what blocks deleting it, and a withdrawal with two-step sign-in on', () => {
  let demo: Page

  beforeAll(async () => {
    demo = await freshPage()
    await signIn(demo, server.url, DEMO)
  })

  it('tells an account with money in its wallet what stands in the way of deleting it', async () => {
    await demo.goto(`${server.url}/#/information/pj`)
    const blockers = demo.getByTestId('deletion-blockers')
    await blockers.waitFor({ timeout: 15_000 })
    expect(await blockers.locator('[data-blocker=balance]').count()).toBe(1)
    expect(await demo.getByTestId('deletion-form').count()).toBe(0)
  })

  it('asks for a code on the withdrawal form, and withdraws with one', async () => {
    await demo.goto(`${server.url}/#/information/addBankCard`)
    await expect.poll(() => demo.locator('input[name=holder]').inputValue(), { timeout: 15_000 }).not.toBe('')
    await demo.locator('input[name=accountNumber]').fill('123456789012')
    await demo.locator('input[name=ifsc]').fill('SBIN0001234')
    await demo.locator('input[name=bank]').fill('State Bank of India')
    await demo.locator('input[name=branch]').fill('Fort, Mumbai')
    await demo.getByTestId('card-submit').click()
    await expect.poll(() => demo.getByTestId('bank-card').count(), { timeout: 15_000 }).toBe(1)

    const { app: demoApp } = await turnOnTwoStep(demo, DEMO.password)
    await demo.goto(`${server.url}/#/information/cashOut`)
    await demo.getByTestId('cashout-form').waitFor({ timeout: 15_000 })
    await demo.getByTestId('cashout-amount-input').fill('2500')
    await demo.getByTestId('cashout-amount-input').press('Tab')
    await demo.locator('input[name=fundPassword]').fill('123456')
    // Without a code the form says what is missing before anything is sent.
    await demo.getByTestId('cashout-submit').click()
    await expect.poll(() => demo.getByTestId('cashout-error').textContent()).toMatch(/authenticator/)

    await demo.getByTestId('totp-code').fill(await nextCode(demoApp))
    await demo.getByTestId('cashout-submit').click()
    await demo.locator('dialog[open]').getByTestId('confirm-ok').click()
    await expect.poll(() => demo.getByTestId('withdrawal').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('pending')
  })

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([])
  })
})
