/**
 * The knowledge quiz in real Chromium against the real server (`npm start`'s script, the demo's
 * reviewer approving at once, the study time cut to 2 s by TIJORI_QUIZ_STUDY_SECONDS so the test
 * does not wait 40 s a lesson): a new, verified and funded account is refused leverage 2 (the
 * ticket offers the quiz) -> studies every lesson, each ticked only once the server counted it ->
 * fails one attempt (each right answer shown) -> takes the quiz again, answering from the
 * server's answer key (server/quiz/bank.ts) -> passes -> margin trading is on and an order with
 * leverage 2 is accepted. Then the lessons and the attempts open offline. Waits are for states on screen or replies, never for time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { ANSWER_KEY } from '../../server/quiz/bank'
import { QUIZ_ITEMS } from '../../src/lib/quiz'
import { launchChromium, waitUntilOfflineReady } from './support/browser'
import { startServer, type RunningServer } from './support/server'
import { signIn } from './support/signIn'

const USER = { account: '9400000313', password: 'secret123' }
const SYMBOL = 'TCS'
const STUDY_SECONDS = 2
// A 1x1 PNG: a real picture, as the server judges by its bytes.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC'

type Envelope<T> = { status: number; msg: string; code?: string; data: T }
type Order = { id: number; symbol: string; leverage: number; status: string }

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
let token = ''
const pageErrors: string[] = []

async function api<T>(path: string, body: object, opts: { signedIn?: boolean; idempotent?: boolean } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (opts.signedIn !== false && token) Object.assign(headers, { token, account: USER.account })
  if (opts.idempotent) headers['idempotency-key'] = crypto.randomUUID()
  const res = await fetch(`${server.url}/api/vue${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  return (await res.json()) as Envelope<T>
}

async function ok<T>(path: string, body: object, opts: { signedIn?: boolean; idempotent?: boolean } = {}): Promise<T> {
  const reply = await api<T>(path, body, opts)
  if (reply.status !== 1) throw new Error(`${path}: ${reply.code ?? ''} ${reply.msg}`)
  return reply.data
}

type UserInfo = { realName: { status: string }; balances: { available: number }; flags: { marginTrading?: boolean } }

/** A new account, its identity verified and ₹10,00,000 deposited, each approved by the demo's reviewer. */
async function verifiedFundedUser(): Promise<void> {
  await ok('/user/register', { ...USER, confirmPassword: USER.password, inviteCode: 'TIJORI', agree: true }, { signedIn: false, idempotent: true })
  token = (await ok<{ token: string }>('/user/login', USER, { signedIn: false })).token
  const front = await ok<{ id: number }>('/user/upload', { kind: 'id_front', data: PNG }, { idempotent: true })
  const back = await ok<{ id: number }>('/user/upload', { kind: 'id_back', data: PNG }, { idempotent: true })
  await ok('/user/realName', { name: 'Meera Iyer', idNumber: 'AB12345678', pan: 'ABCDE1234F', frontId: front.id, backId: back.id }, { idempotent: true })
  await expect.poll(async () => (await ok<UserInfo>('/user/info', {})).realName.status, { timeout: 30_000 }).toBe('verified')
  const channels = await ok<{ data: { id: string }[] }>('/user/rechargeChannels', {})
  const receipt = await ok<{ id: number }>('/user/upload', { kind: 'receipt', data: PNG }, { idempotent: true })
  await ok('/user/recharge', { channel: channels.data[0]!.id, amount: 100_000_000, receiptUploadId: receipt.id }, { idempotent: true })
  await expect.poll(async () => (await ok<UserInfo>('/user/info', {})).balances.available, { timeout: 30_000 }).toBe(100_000_000)
}

/** The order a leveraged long of one lot would be, as the ticket sends it. */
const leveragedOrder = { symbol: SYMBOL, direction: 'long', type: 'market', lots: 1, leverage: 2 }

/** The ids of the drawn questions on screen, in the order shown: ten, none twice. */
async function shownQuestions(): Promise<string[]> {
  const questions = page.getByTestId('quiz-question')
  await expect.poll(() => questions.count(), { timeout: 10_000 }).toBe(10)
  const ids = await questions.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id') ?? ''))
  expect(new Set(ids).size).toBe(10)
  return ids
}

const item = (id: string) => page.locator(`[data-testid=quiz-item][data-id=${id}]`)
const sheet = () => page.locator('dialog[open][data-testid=quiz-item-sheet]')

beforeAll(async () => {
  server = await startServer({ TIJORI_AUTO_REVIEW: '0', TIJORI_QUIZ_STUDY_SECONDS: String(STUDY_SECONDS) })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the knowledge quiz enables margin trading', () => {
  it('has a new account verified and funded by the demo reviewer', async () => {
    await verifiedFundedUser()
  })

  it('refuses leverage 2 before the quiz, and the ticket points to it', async () => {
    const refused = await api<Order>('/order/create', leveragedOrder, { idempotent: true })
    expect(refused).toMatchObject({ status: 0, code: 'margin_trading_disabled' })

    await signIn(page, server.url, USER)
    await page.goto(`${server.url}/#/market/marketBuy?symbol=${SYMBOL}&direction=long`)
    await page.getByTestId('order-quote').waitFor({ timeout: 20_000 })
    const twice = page.getByTestId('order-leverage').getByRole('radio', { name: '2×' })
    await expect.poll(() => twice.isDisabled(), { timeout: 15_000 }).toBe(true)
    await page.getByTestId('order-quiz-link').click()
    await page.waitForURL(/#\/information\/faq/)
    await expect.poll(() => page.getByTestId('quiz-status').getAttribute('data-margin'), { timeout: 15_000 }).toBe('off')
  })

  it('keeps the quiz closed until every lesson is studied', async () => {
    expect(await page.getByTestId('quiz-item').count()).toBe(QUIZ_ITEMS.length)
    expect(await page.getByTestId('quiz-start').isDisabled()).toBe(true)
  })

  it('ticks each lesson only once it stayed open for the published time and the server counted it', async () => {
    for (const id of QUIZ_ITEMS) {
      await item(id).click()
      await sheet().waitFor()
      expect(await sheet().locator('.quiz-lesson').getAttribute('data-id')).toBe(id)
      // The clock starts once the server has the lesson open; the button waits for it to run out.
      await expect.poll(() => sheet().getByTestId('quiz-clock').getAttribute('data-state'), { timeout: 10_000 }).toBe('running')
      expect(Number(await sheet().getByTestId('quiz-clock').getAttribute('data-remaining'))).toBeGreaterThan(0)
      expect(await sheet().getByTestId('quiz-mark-studied').isDisabled()).toBe(true)
      await expect.poll(() => sheet().getByTestId('quiz-mark-studied').isEnabled(), { timeout: 10_000 }).toBe(true)
      await sheet().getByTestId('quiz-mark-studied').click()
      await sheet().getByTestId('quiz-item-studied').waitFor({ timeout: 10_000 })
      await sheet().getByTestId('quiz-item-close').click()
      await sheet().waitFor({ state: 'detached' })
      await expect.poll(() => item(id).getAttribute('data-studied')).toBe('true')
    }
    const info = await ok<{ items: { id: string; studiedAt: number | null }[] }>('/quiz/info', {})
    expect(info.items.filter((i) => i.studiedAt !== null).map((i) => i.id)).toEqual([...QUIZ_ITEMS])
  })

  it('fails an attempt answered wrong, shows each right answer, and counts it towards the cool-off', async () => {
    await expect.poll(() => page.getByTestId('quiz-start').isEnabled()).toBe(true)
    await page.getByTestId('quiz-start').click()
    for (const id of await shownQuestions()) {
      const options = await page.locator(`[data-testid=quiz-question][data-id=${id}] input`).evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-id')))
      const wrong = options.find((option) => option !== ANSWER_KEY[id])
      await page.locator(`[data-testid=quiz-question][data-id=${id}] input[data-id=${wrong}]`).check()
    }
    await page.getByTestId('quiz-submit').click()
    const outcome = page.getByTestId('quiz-outcome')
    await outcome.waitFor({ timeout: 15_000 })
    expect(await outcome.getAttribute('data-passed')).toBe('false')
    expect(await page.getByTestId('quiz-score').textContent()).toBe('0')
    expect(await page.locator('[data-testid=quiz-result][data-correct=false]').count()).toBe(10)
    await page.getByTestId('quiz-done').click()
    await expect.poll(() => page.locator('[data-testid=quiz-attempt][data-passed=false]').count()).toBe(1)
    expect(await page.getByTestId('quiz-status').getAttribute('data-margin')).toBe('off')
    // One failure of the two in a row that start the cool-off: the quiz may be taken again now.
    await expect.poll(() => page.getByTestId('quiz-fails').getAttribute('data-fails')).toBe('1')
    expect(await page.getByTestId('quiz-cooling-off').count()).toBe(0)
  })

  it('passes the quiz answered from the answer key, and shows the score with each right answer', async () => {
    await expect.poll(() => page.getByTestId('quiz-start').isEnabled()).toBe(true)
    await page.getByTestId('quiz-start').click()
    for (const id of await shownQuestions()) {
      const answer = ANSWER_KEY[id]
      expect(answer).toBeDefined()
      await page.locator(`[data-testid=quiz-question][data-id=${id}] input[data-id=${answer}]`).check()
    }
    await page.getByTestId('quiz-submit').click()
    const outcome = page.getByTestId('quiz-outcome')
    await outcome.waitFor({ timeout: 15_000 })
    expect(await outcome.getAttribute('data-passed')).toBe('true')
    expect(await page.getByTestId('quiz-score').textContent()).toBe('100')
    expect(await page.locator('[data-testid=quiz-result][data-correct=true]').count()).toBe(10)

    const info = await ok<{ passed: boolean; marginTrading: boolean; attempts: { score: number | null; passed: boolean | null }[] }>('/quiz/info', {})
    expect(info).toMatchObject({ passed: true, marginTrading: true })
    // Every attempt is kept, newest first.
    expect(info.attempts).toEqual([expect.objectContaining({ score: 100, passed: true }), expect.objectContaining({ score: 0, passed: false })])

    await page.getByTestId('quiz-done').click()
    await expect.poll(() => page.getByTestId('quiz-status').getAttribute('data-margin')).toBe('on')
    expect(await page.getByTestId('quiz-start').count()).toBe(0)
    expect(await page.locator('[data-testid=quiz-attempt][data-passed=true]').count()).toBe(1)
  })

  it('accepts an order with leverage 2 now', async () => {
    await page.goto(`${server.url}/#/market/marketBuy?symbol=${SYMBOL}&direction=long`)
    await page.getByTestId('order-quote').waitFor({ timeout: 20_000 })
    const twice = page.getByTestId('order-leverage').getByRole('radio', { name: '2×' })
    await expect.poll(() => twice.isEnabled(), { timeout: 15_000 }).toBe(true)
    await twice.click()
    await expect.poll(() => twice.getAttribute('aria-checked')).toBe('true')
    await expect.poll(() => page.getByTestId('order-submit').isEnabled(), { timeout: 15_000 }).toBe(true)
    await page.getByTestId('order-submit').click()
    await page.locator('dialog[open]').getByTestId('confirm-ok').click()
    await page.waitForURL(/#\/trade\/index\?tab=open/, { timeout: 20_000 })
    const orders = (await ok<{ data: Order[] }>('/order/list', { status: 'all', size: 100 })).data
    expect(orders).toEqual([expect.objectContaining({ symbol: SYMBOL, leverage: 2 })])
    // Filled: open now, locked until the published lock ends or already holding.
    expect(['locked', 'holding']).toContain(orders[0]!.status)
  })

  it('opens the lessons and the attempts offline from what was stored', async () => {
    await page.goto(`${server.url}/#/information/faq`)
    await expect.poll(() => page.getByTestId('quiz-status').getAttribute('data-margin'), { timeout: 15_000 }).toBe('on')
    await waitUntilOfflineReady(page)
    await context.setOffline(true)
    try {
      await page.reload()
      await expect.poll(() => page.locator('[data-testid=quiz-item][data-studied=true]').count(), { timeout: 15_000 }).toBe(QUIZ_ITEMS.length)
      expect(await page.locator('[data-testid=quiz-attempt]').count()).toBe(2)
    } finally {
      await context.setOffline(false)
    }
    expect(pageErrors).toEqual([])
  })
})
