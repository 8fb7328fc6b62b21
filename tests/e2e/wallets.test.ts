/**
 * Currency exchange and the USDT address in real Chromium against the real server (`npm start`'s
 * script), as the demo account: INR -> USD with a confirmation, the wallet and the fund records
 * show both legs, home and the account tab the same total assets; a TRC20 address is refused
 * when mistyped, saved when right, and its QR code scans back to exactly that address.
 */
import jsQR from 'jsqr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type Page } from 'playwright-core'
import { launchChromium } from './support/browser'
import { startServer, type RunningServer } from './support/server'
import { signIn } from './support/signIn'

// A real TRC20 address (its checksum holds).
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'

let server: RunningServer
let browser: Browser
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  server = await startServer()
  browser = await launchChromium()
  page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' })).newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  await signIn(page, server.url)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('wallets', () => {
  it('exchanges rupees for dollars after a confirmation showing the rate, and both legs show', async () => {
    // Dollars, whatever the simulated rate is today (it walks with the date: ₹10,000 has come to
    // both sides of $100).
    const dollars = /\$(?!0\.00)\d{1,3}(,\d{3})*\.\d\d/
    await page.goto(`${server.url}/#/information/exChange`)
    await page.getByTestId('exchange-form').waitFor()
    await page.getByTestId('exchange-from').selectOption('INR')
    await page.getByTestId('exchange-to').selectOption('USD')
    await page.getByTestId('exchange-amount').fill('10000')
    await expect.poll(() => page.getByTestId('exchange-preview-out').textContent()).toMatch(dollars)
    await page.getByTestId('exchange-submit').click()
    const dialog = page.locator('dialog[open]')
    await expect.poll(() => dialog.getByTestId('exchange-confirm-out').textContent()).toMatch(dollars)
    await dialog.getByTestId('confirm-ok').click()
    await expect
      .poll(() => page.locator('[data-testid=wallet][data-currency=USD] [data-testid=wallet-balance]').textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(`^${dollars.source}$`))
    await expect.poll(() => page.locator('[data-testid=wallet][data-currency=INR] [data-testid=wallet-balance]').textContent()).toBe('₹24,90,000.00')

    await page.goto(`${server.url}/#/information/fundRecord`)
    await expect.poll(() => page.locator('[data-testid=fund-record][data-reason=exchange]').count(), { timeout: 15_000 }).toBe(2)
    // Said in words, not as the ledger's reference (`exchange:1`).
    const titles = await page.locator('[data-testid=fund-record][data-reason=exchange] [data-testid=fund-record-title]').allTextContents()
    expect(titles).toEqual(['Exchange INR → USD', 'Exchange INR → USD'])
  })

  it('shows one total assets on home and on the account tab, the dollars counted at the mid rate', async () => {
    // The dollars are valued at the live mid rate, which may tick between the two screens: the
    // pair is read again until both screens showed their total within one quote.
    const totalOn = async (route: string, testId: string) => {
      await page.goto(`${server.url}/#${route}`)
      await expect.poll(() => page.getByTestId(testId).textContent(), { timeout: 15_000 }).toMatch(/^₹/)
      return (await page.getByTestId(testId).textContent()) ?? ''
    }
    let total = ''
    await expect
      .poll(
        async () => {
          total = await totalOn('/information/index', 'assets-total')
          const home = await totalOn('/home/index', 'balance-total')
          return home === total ? 'same' : `home ${home}, account ${total}`
        },
        { timeout: 30_000 },
      )
      .toBe('same')
    // More than the rupees alone (₹24,90,000.00 after the exchange above): the USD wallet counts.
    expect(total).not.toBe('₹24,90,000.00')
  })

  it('refuses a mistyped TRC20 address, saves the right one, and its QR code scans back to it', async () => {
    await page.goto(`${server.url}/#/information/usdtAddress`)
    await page.getByTestId('usdt-form').waitFor()
    // One character changed: the shape is right but TRON's checksum is not.
    await page.getByTestId('usdt-address-input').fill(`${TRON.slice(0, -1)}u`)
    await page.getByTestId('usdt-save').click()
    // The server's checksum refusal is shown at the field, and nothing typed is lost.
    await page.locator('.field--error input[name=usdtAddress]').waitFor()
    expect(await page.getByTestId('usdt-address-input').inputValue()).toBe(`${TRON.slice(0, -1)}u`)

    await page.getByTestId('usdt-address-input').fill(TRON)
    await page.getByTestId('usdt-save').click()
    await expect.poll(() => page.getByTestId('usdt-address-text').textContent(), { timeout: 15_000 }).toBe(TRON)
    const qr = page.getByTestId('usdt-qr')
    await expect.poll(() => qr.getAttribute('data-state')).toBe('drawn')
    expect(await qr.boundingBox()).toMatchObject({ width: 256, height: 256 })
    // Draw the SVG onto a canvas in the page and read it back as pixels for the decoder.
    const pixels = await qr.evaluate(async (element) => {
      const svg = element.querySelector('svg')
      if (!svg) throw new Error('no svg')
      const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' }))
      const image = new Image()
      image.src = url
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = 256
      canvas.height = 256
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0, 256, 256)
      URL.revokeObjectURL(url)
      return Array.from(context.getImageData(0, 0, 256, 256).data)
    })
    expect(jsQR(Uint8ClampedArray.from(pixels), 256, 256)?.data).toBe(TRON)
  })

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([])
  })
})
