/**
 * The layout on a 390x844 phone (issue 15), measured in real Chromium against the built app as the
 * demo account: numbers never break inside themselves, selects and card rows have their boxes,
 * the file input hides behind its photo box yet takes the keyboard, radios wear the app's colour,
 * the order ticket's submit stays in view and uncovered by the status dock, the chosen market tab
 * is scrolled into its strip, toasts keep clear of the header, the sign-in state is one line, and
 * home starts without its screen moving while the index cards' skeleton keeps their place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { launchChromium } from './support/browser'
import { startServer, type RunningServer } from './support/server'
import { signIn } from './support/signIn'

const PHONE = { width: 390, height: 844 }

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

type Box = { x: number; y: number; width: number; height: number }

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  if (!found) throw new Error(`${String(locator)} has no box`)
  return found
}

/** Each element's text as laid out: how many lines it takes and whether it spills out of its box. */
async function lines(locator: Locator): Promise<{ text: string; lines: number; spills: boolean }[]> {
  return locator.evaluateAll((elements) =>
    elements.map((el) => {
      // The boxes of the content itself, padding and line-height aside; a box that starts below
      // the ones before it starts a new line.
      const range = document.createRange()
      range.selectNodeContents(el)
      const boxes = [...range.getClientRects()].filter((r) => r.width > 0).sort((a, b) => a.top - b.top)
      let count = 0
      let bottom = -Infinity
      for (const r of boxes) {
        if (r.top >= bottom - 1) count += 1
        bottom = r.top >= bottom - 1 ? r.bottom : Math.max(bottom, r.bottom)
      }
      return { text: el.textContent ?? '', lines: count, spills: el.scrollWidth > el.clientWidth + 1 }
    }),
  )
}

/** What a tap at the centre of `locator` lands on: true when it is the element itself (or inside it). */
async function tapReaches(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
    return hit !== null && (hit === el || el.contains(hit))
  })
}

/** The app's brand colour as the browser computes it, whatever the palette says today. */
async function brandColour(): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('span')
    probe.style.color = 'var(--brand)'
    document.body.append(probe)
    const colour = getComputedStyle(probe).color
    probe.remove()
    return colour
  })
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchChromium()
  context = await browser.newContext({ viewport: PHONE, locale: 'en-IN' })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  await signIn(page, server.url)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('on a 390x844 phone', () => {
  it('scrolls the chosen market tab into the strip, on arrival and on every change', async () => {
    const strip = page.getByTestId('market-tabs')
    const chosenInStrip = async () => inside(await box(strip.locator('.mkt-tab--on')), await box(strip))
    // Arriving on the last tab, far right of a strip wider than the phone.
    await page.goto(`${server.url}/#/market/index?tab=forex`)
    await expect.poll(() => strip.locator('[aria-current=page]').textContent()).toBe('Foreign exchange')
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    await expect.poll(chosenInStrip).toBe(true)
    // Exactly one tab is current: Quotes (no search) is not current beside it.
    expect(await strip.locator('[aria-current=page]').count()).toBe(1)

    await strip.getByText('Quotes', { exact: true }).click()
    await expect.poll(() => strip.locator('[aria-current=page]').textContent()).toBe('Quotes')
    await expect.poll(chosenInStrip).toBe(true)

    await strip.getByText('Indicators', { exact: true }).click()
    await page.waitForURL(/#\/market\/marketZhiBiao/)
    await page.getByTestId('index-facts').first().waitFor({ timeout: 15_000 })
    await expect.poll(chosenInStrip, { timeout: 15_000 }).toBe(true)
  })

  it('keeps every price of the indicators and index cards on one line, inside its box', async () => {
    await page.goto(`${server.url}/#/market/marketZhiBiao`)
    await expect.poll(() => page.getByTestId('index-facts').count(), { timeout: 15_000 }).toBe(3)
    await expect.poll(() => page.getByTestId('index-strip').locator('.idx-price').count()).toBe(3)
    const numbers = [
      ...(await lines(page.locator('[data-testid=index-facts] dd'))),
      ...(await lines(page.locator('[data-testid=index-facts] .index-facts-value'))),
      ...(await lines(page.locator('[data-testid=index-facts] .chg'))),
      ...(await lines(page.getByTestId('index-strip').locator('.idx-price'))),
    ]
    expect(numbers.length).toBe(3 * 4 + 3 + 3 * 2 + 3)
    for (const n of numbers) expect(n, n.text).toMatchObject({ lines: 1, spills: false })

    // A hash change keeps the document, so the screen before, whose index cards match the same
    // selector, may still be there (laid out, or hidden with no lines) for a moment: wait for it to
    // go (its strip with it) and for this screen's numbers to be laid out, then judge that reading.
    await page.goto(`${server.url}/#/home/zhishu`)
    await expect.poll(() => page.getByTestId('index-strip').count(), { timeout: 15_000 }).toBe(0)
    await expect.poll(() => page.getByTestId('index-facts').count(), { timeout: 15_000 }).toBe(3)
    const onZhishu = page.locator('[data-testid=index-facts] dd')
    let read: Awaited<ReturnType<typeof lines>> = []
    await expect.poll(async () => (read = await lines(onZhishu)).filter((n) => n.lines === 0).length, { timeout: 15_000 }).toBe(0)
    expect(read.length).toBe(3 * 4)
    for (const n of read) expect(n, n.text).toMatchObject({ lines: 1, spills: false })
  })

  it('shows the sign-in state on one line', async () => {
    await page.goto(`${server.url}/#/home/index`)
    const button = page.getByTestId('signin-button')
    await expect.poll(() => button.getAttribute('data-state'), { timeout: 15_000 }).toBe('open')
    await button.click()
    await expect.poll(() => button.getAttribute('data-state'), { timeout: 15_000 }).toBe('done')
    expect(await lines(button)).toEqual([{ text: 'Signed in today', lines: 1, spills: false }])
  })

  it('keeps toasts below the header, where the back button and the star stay tappable', async () => {
    await page.goto(`${server.url}/#/market/stockDetail?symbol=ADANIENT`)
    const star = page.getByTestId('detail-watch')
    await star.click()
    // Where the toast comes to rest, once it has slid in (its toast lasts two seconds: measured in
    // the page, every frame, rather than from here).
    const handle = await page.waitForFunction((text) => {
      const toast = [...document.querySelectorAll('[data-sonner-toast]')].find((el) => el.textContent?.includes(text))
      if (!toast || toast.getAttribute('data-mounted') !== 'true' || toast.getAnimations().length > 0) return null
      const r = toast.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    }, 'Added ADANIENT to watchlist', { polling: 'raf' })
    const rest = (await handle.jsonValue()) as Box
    const header = await box(page.locator('.top-bar'))
    const marker = await box(page.locator('.demo-marker'))
    expect(intersects(rest, header), JSON.stringify({ rest, header })).toBe(false)
    expect(intersects(rest, marker), JSON.stringify({ rest, marker })).toBe(false)
    expect(await tapReaches(star)).toBe(true)
    expect(await tapReaches(page.locator('.top-bar-back'))).toBe(true)
  })

  it('draws the exchange selects as bordered boxes wide enough for a currency name', async () => {
    await page.goto(`${server.url}/#/information/exChange`)
    const form = page.getByTestId('exchange-form')
    await form.waitFor()
    const formBox = await box(form)
    for (const id of ['exchange-from', 'exchange-to']) {
      const select = page.getByTestId(id)
      const look = await select.evaluate((el) => {
        const style = getComputedStyle(el)
        return { border: parseFloat(style.borderTopWidth) >= 1, borderStyle: style.borderTopStyle, appearance: style.appearance }
      })
      expect(look).toEqual({ border: true, borderStyle: 'solid', appearance: 'none' })
      const selectBox = await box(select)
      expect(inside(selectBox, formBox)).toBe(true)
      // The chosen option's label ("USD · US Dollar") fits in the box left of the chevron.
      const fits = await select.evaluate((el: HTMLSelectElement) => {
        const probe = document.createElement('span')
        const style = getComputedStyle(el)
        probe.style.font = style.font
        probe.style.whiteSpace = 'pre'
        probe.textContent = el.selectedOptions[0]?.textContent ?? ''
        document.body.append(probe)
        const text = probe.getBoundingClientRect().width
        probe.remove()
        return text <= el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      })
      expect(fits, id).toBe(true)
    }
    // Wallet rows are padded rows too.
    const wallet = page.getByTestId('wallet').first()
    await wallet.waitFor()
    expect(await wallet.evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft))).toBeGreaterThanOrEqual(12)
  })

  it('pads the bank card row inside its card', async () => {
    await page.goto(`${server.url}/#/information/addBankCard`)
    await expect.poll(() => page.locator('input[name=holder]').inputValue()).not.toBe('')
    await page.locator('input[name=accountNumber]').fill('123456789012')
    await page.locator('input[name=ifsc]').fill('SBIN0001234')
    await page.locator('input[name=bank]').fill('State Bank of India')
    await page.locator('input[name=branch]').fill('Fort, Mumbai Main Branch')
    await page.getByTestId('card-submit').click()
    await page.goto(`${server.url}/#/information/bankList`)
    const card = page.getByTestId('bank-card').first()
    await card.waitFor({ timeout: 15_000 })
    const cardBox = await box(card)
    const name = await box(card.locator('strong'))
    expect(name.x - cardBox.x).toBeGreaterThanOrEqual(12)
    expect(name.y - cardBox.y).toBeGreaterThanOrEqual(8)
  })

  it('shows deposit channels as radios in the brand colour, and the receipt picker as its photo box alone', async () => {
    await page.goto(`${server.url}/#/information/recharge`)
    await page.getByTestId('recharge-channel-upi').waitFor()
    const brand = await brandColour()
    const accents = await page.locator('input[type=radio][name=channel]').evaluateAll((radios) => radios.map((r) => getComputedStyle(r).accentColor))
    expect(accents.length).toBeGreaterThan(0)
    for (const accent of accents) expect(accent).toBe(brand)

    await page.getByTestId('recharge-next').click()
    await page.waitForURL(/#\/information\/rechargeChannel/)
    const input = page.getByTestId('recharge-receipt')
    await input.waitFor({ state: 'attached' })
    const field = page.locator('.photo-field', { has: input })
    const drop = field.locator('.photo-drop')
    // The native control takes no room of its own: only the box shows.
    const inputBox = await input.evaluate((el) => {
      const r = el.getBoundingClientRect()
      return { width: r.width, height: r.height }
    })
    expect(inputBox.width).toBeLessThanOrEqual(1)
    expect(inputBox.height).toBeLessThanOrEqual(1)
    expect((await box(drop)).height).toBeGreaterThanOrEqual(100)
    // The keyboard reaches it (Tab from the last copy button above) and the box shows that it has the focus.
    await drop.scrollIntoViewIfNeeded()
    await page.getByRole('button', { name: /Copy/ }).last().focus()
    await page.keyboard.press('Tab')
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await drop.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid')
    // And a chosen file shows in the box.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64')
    await input.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png })
    await drop.locator('img.photo-preview').waitFor()
  })

  it('keeps the order ticket’s submit in view, and the outbox badge and offline banner off it', async () => {
    await page.goto(`${server.url}/#/market/marketBuy?symbol=ADANIENT`)
    const submit = page.getByTestId('order-submit')
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true)
    const viewport = { x: 0, y: 0, ...PHONE }
    // At the top of the ticket, with the form below the fold, the button is on screen and tappable.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true)
    expect(inside(await box(submit), viewport)).toBe(true)
    expect(await tapReaches(submit)).toBe(true)

    // Offline, an order waits in the outbox: the badge and the banner show, above the button.
    await context.setOffline(true)
    try {
      await submit.click()
      await page.locator('dialog[open]').getByTestId('confirm-ok').click()
      const badge = page.getByTestId('outbox-badge')
      await badge.waitFor()
      await page.getByTestId('offline-banner').waitFor()
      for (const y of [0, 400, 100_000]) {
        await page.evaluate((top) => window.scrollTo(0, top), y)
        await expect.poll(async () => inside(await box(submit), viewport) && (await tapReaches(submit))).toBe(true)
        expect(intersects(await box(submit), await box(badge))).toBe(false)
        expect(intersects(await box(submit), await box(page.getByTestId('offline-banner')))).toBe(false)
      }
    } finally {
      await context.setOffline(false)
    }
    // Back online the order goes and the dock leaves.
    await page.getByTestId('outbox-badge').waitFor({ state: 'detached', timeout: 30_000 })
  })

  it('starts home with the screen where it stays: the demo marker is there from the first frame', async () => {
    await page.goto(`${server.url}/#/home/index`)
    await page.reload()
    await expect.poll(() => page.getByTestId('balance-available').textContent(), { timeout: 15_000 }).toMatch(/₹/)
    // Every shift since the reload, with the elements it moved (buffered entries are in the
    // observer's buffer as soon as it observes).
    const shifts = await page.evaluate(() => {
      const observer = new PerformanceObserver(() => undefined)
      observer.observe({ type: 'layout-shift', buffered: true })
      const entries = observer.takeRecords() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]
      observer.disconnect()
      return entries.map((e) => ({ value: e.value, moved: (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node.className : String(s.node?.nodeName))) }))
    })
    expect(shifts.filter((s) => s.moved.includes('app-main')), JSON.stringify(shifts)).toEqual([])
  })

  it('holds the index cards\' place while their levels load: the cards take it unmoved', async () => {
    // A device that has no levels yet, the list held back until the skeleton has been measured.
    const fresh = await browser.newContext({ viewport: PHONE, locale: 'en-IN' })
    try {
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await fresh.route('**/api/vue/stock/list', async (route) => {
        await held
        await route.continue()
      })
      const home = await fresh.newPage()
      await signIn(home, server.url)
      const skeleton = await box(home.locator('.idx-strip[aria-hidden=true]'))
      release()
      const cards = await box(home.getByTestId('index-strip'))
      expect(cards.height, JSON.stringify({ skeleton, cards })).toBeCloseTo(skeleton.height, 0)
      expect(cards.y).toBeCloseTo(skeleton.y, 0)
    } finally {
      await fresh.close()
    }
  })

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([])
  })
})
