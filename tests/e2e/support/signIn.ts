/** Signs a page in through the real login screen, as a person would, and waits for home. */
import { type Page } from 'playwright-core'

/** The demo account from README (seeded, verified, with demo funds). */
export const DEMO = { account: '9000000001', password: 'demo1234' } as const

export async function signIn(page: Page, baseUrl: string, who: { account: string; password: string } = DEMO): Promise<void> {
  await page.goto(`${baseUrl}/#/login/login`)
  await page.locator('input[name=account]').fill(who.account)
  await page.locator('input[name=password]').fill(who.password)
  await page.locator('button[type=submit]').click()
  await page.waitForURL(/#\/home\/index/)
}
