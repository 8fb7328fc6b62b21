/**
 * Credit loans in real Chromium against the real server (`npm start`'s script with people, not
 * the demo's reviewer, deciding reviews): the demo account sees its score as a sum, applies, reads
 * the key facts (the daily rate, the effective annual rate, the total on the due date, the
 * schedule, the free first day) and confirms; an operator approves it in the back office; the
 * money shows in the available balance; half is repaid, then the rest, each confirmed first; the
 * records say completed with the payout and both repayments, and open offline. Waits are for
 * states on screen, never for time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { keyFacts } from '../../src/lib/loan'
import { formatMoney } from '../../src/lib/money'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { adminCall, startServer, type RunningServer } from './support/server'
import { demoOperatorToken } from './support/operator'
import { DEMO, signIn } from './support/signIn'

/** ₹10,000: above the published minimum (₹1,000), within a verified new account's ₹50,000. */
const AMOUNT = 1_000_000

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

const unpaid = () => page.getByTestId('loan-unpaid')
const record = () => page.locator('[data-testid=loan-record]').first()

/** The account screen's available balance in paise: the stored one at first, the server's once fetched (poll it). */
async function available(): Promise<number> {
  await page.goto(`${server.url}/#/information/index`)
  const text = page.getByTestId('balance-available')
  await expect.poll(() => text.textContent(), { timeout: 15_000 }).toMatch(/₹/)
  return Math.round(Number((await text.textContent())!.replace(/[^0-9.]/g, '')) * 100)
}

async function repay(rupees: string) {
  await unpaid().getByTestId('loan-repay-amount').fill(rupees)
  await unpaid().getByTestId('loan-repay').click()
  await page.locator('dialog[open]').getByTestId('confirm-ok').click()
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

describe('a credit loan, from the key facts to completed', () => {
  let before = 0

  it('shows the score as the sum of its inputs and what it lets the account borrow', async () => {
    await signIn(page, server.url, DEMO)
    before = await available()
    await page.locator('a[href$="/information/loan"]').click()
    await page.waitForURL(/#\/information\/loan/)
    const score = Number(await page.getByTestId('loan-score').getAttribute('data-score', { timeout: 15_000 }))
    const points = await page.getByTestId('loan-score-input').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-points'))))
    expect(points).toHaveLength(5)
    // 300 starting points + 200 for the verified identity, and the rest from the account's history.
    expect(score).toBe(300 + points.reduce((a, b) => a + b, 0))
    expect(score).toBeGreaterThanOrEqual(500)
    expect(Number(await page.getByTestId('loan-borrowable').getAttribute('data-amount'))).toBeGreaterThanOrEqual(5_000_000)
  })

  it('shows the key facts before applying, and applies once confirmed', async () => {
    await page.getByTestId('loan-amount').fill('10000')
    await page.getByTestId('loan-apply').click()
    const sheet = page.locator('dialog[open][data-testid=loan-keyfacts]')
    await sheet.waitFor()
    const facts = keyFacts(AMOUNT, { dailyRatePerLakh: 40, termDays: 30 })
    expect(await sheet.getByTestId('keyfacts-daily-rate').textContent()).toContain('0.04%')
    expect(await sheet.getByTestId('keyfacts-annual-rate').textContent()).toContain('14.60%')
    expect(await sheet.getByTestId('keyfacts-interest').textContent()).toBe(formatMoney(facts.totalInterest))
    expect(await sheet.getByTestId('keyfacts-total').textContent()).toBe('₹10,120.00')
    expect(await sheet.getByTestId('keyfacts-cooling-off').textContent()).toMatch(/cancel and pay back only the amount borrowed/)
    await sheet.getByTestId('keyfacts-schedule').locator('summary').click()
    expect(await sheet.getByTestId('keyfacts-day').count()).toBe(30)
    await sheet.getByTestId('keyfacts-confirm').click()
    await expect.poll(() => unpaid().getAttribute('data-status'), { timeout: 20_000 }).toBe('pending')
  })

  it('is approved in the back office, and the money shows in the balance', async () => {
    const token = await demoOperatorToken(server)
    const { data } = await adminCall<{ data: { id: number }[] }>(server.url, '/reviews/list', { kind: 'loan', status: 'pending' }, token)
    expect(data).toHaveLength(1)
    await adminCall(server.url, '/reviews/decide', { kind: 'loan', id: data[0]!.id, approve: true }, token)
    // The screen fetches a loan in review again until its decision arrives.
    await expect.poll(() => unpaid().getAttribute('data-status'), { timeout: 20_000 }).toBe('borrowing')
    expect(await unpaid().getByTestId('loan-owed').textContent()).toBe('₹10,000.00')
    await expect.poll(available, { timeout: 20_000 }).toBe(before + AMOUNT)
  })

  it('repays half, then the rest, each confirmed first', async () => {
    await page.goto(`${server.url}/#/information/loan`)
    await expect.poll(() => unpaid().getAttribute('data-owed'), { timeout: 15_000 }).toBe(String(AMOUNT))
    await repay('5000')
    await expect.poll(() => unpaid().getAttribute('data-owed'), { timeout: 20_000 }).toBe(String(AMOUNT / 2))
    await unpaid().getByTestId('loan-repay-all').click()
    expect(await unpaid().getByTestId('loan-repay-amount').inputValue()).toBe('5000.00')
    await unpaid().getByTestId('loan-repay').click()
    await page.locator('dialog[open]').getByTestId('confirm-ok').click()
    // Completed: nothing is unpaid, and the form to apply is back.
    await expect.poll(() => unpaid().count(), { timeout: 20_000 }).toBe(0)
    await page.getByTestId('loan-apply-form').waitFor()
    await expect.poll(available, { timeout: 20_000 }).toBe(before)
  })

  it('shows the loan completed in the records, with the payout and both repayments', async () => {
    await page.goto(`${server.url}/#/information/jkjl`)
    await expect.poll(() => record().getAttribute('data-status'), { timeout: 15_000 }).toBe('completed')
    const kinds = await record().getByTestId('loan-event').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')))
    expect(kinds).toEqual(['disbursement', 'repayment', 'repayment'])
    expect(await record().getByTestId('loan-record-repaid').textContent()).toBe('₹10,000.00')
  })

  it('names the payout and the repayments in fund records', async () => {
    await page.goto(`${server.url}/#/information/fundRecord`)
    const paidOut = page.locator('[data-testid=fund-record][data-reason=loan_disbursement]')
    const repaid = page.locator('[data-testid=fund-record][data-reason=loan_repayment]')
    await expect.poll(() => paidOut.count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => repaid.count(), { timeout: 15_000 }).toBe(2)
    expect(await paidOut.getByTestId('fund-record-title').textContent()).toMatch(/^Loan #\d+ paid out$/)
  })

  it('names the published score threshold on the withdrawal screen', async () => {
    await page.goto(`${server.url}/#/information/cashOut`)
    const rule = page.getByTestId('cashout-score-rule')
    await expect.poll(() => rule.textContent(), { timeout: 15_000 }).toMatch(/Withdrawals need a credit score of at least 300\./)
    expect(await rule.getAttribute('data-low')).toBe('false')
  })

  it('opens the loan records offline from what was stored', async () => {
    await page.goto(`${server.url}/#/information/jkjl`)
    await expect.poll(() => record().getAttribute('data-status'), { timeout: 15_000 }).toBe('completed')
    await waitUntilOfflineReady(page)
    await context.setOffline(true)
    try {
      await page.reload()
      await expect.poll(() => record().getAttribute('data-status'), { timeout: 15_000 }).toBe('completed')
      await expect.poll(() => page.getByTestId('loan-records-updated').textContent()).toMatch(/Last updated/)
      await page.goto(`${server.url}/#/information/loan`)
      await expect.poll(() => page.getByTestId('loan-score').count(), { timeout: 15_000 }).toBe(1)
    } finally {
      await context.setOffline(false)
    }
    expect(pageErrors).toEqual([])
  })
})
