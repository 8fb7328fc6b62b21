/** Signs a page in through the real login screen, as a person would, and waits for home. */
import { type Page } from 'playwright-core'

/** The demo account from README (seeded, verified, with demo funds). */
export const DEMO = { account: '9000000001', password: 'demo1234' } as const

export async function signIn(page: Page, baseUrl: string, who: { account: string; password: string } = DEMO): Promise<void> {
  await page.goto(`${baseUrl}/#/login/login`)
  // From another screen of the app the goto is a hash change: the screen before may still be up
  // for a moment, with a form of its own (customer service's guest form has an account field).
  // The login form is the one with the current-password field.
  const form = page.locator('form', { has: page.locator('input[autocomplete=current-password]') })
  await form.locator('input[name=account]').fill(who.account)
  await form.locator('input[name=password]').fill(who.password)
  await form.locator('button[type=submit]').click()
  await page.waitForURL(/#\/home\/index/)
}
