/**
 * Re-opening a screen until it shows what the server has moved on to (a review decided, a job's
 * stage). Each attempt opens the screen anew from home, so it makes its refresh, and waits for
 * that reply. The reply is then stored in Dexie and only after that shown: a loaded machine may
 * read the screen between the two, so each attempt looks again for a few seconds before opening
 * the screen once more.
 */
import { type Page } from 'playwright-core'
import { expect } from 'vitest'

export async function reopenUntil(
  page: Page,
  base: string,
  open: { hash: string; refresh: string },
  read: () => Promise<string | null>,
  want: string,
  timeout: number,
): Promise<void> {
  const readSafely = () => read().catch(() => null)
  await expect
    .poll(
      async () => {
        await page.goto(`${base}/#/home/index`)
        // Only now: home makes refreshes of its own (/user/info), which must not count.
        const refreshed = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith(open.refresh))
        await page.goto(`${base}/#${open.hash}`)
        await refreshed
        let value = await readSafely()
        for (const until = Date.now() + 5_000; value !== want && Date.now() < until; value = await readSafely()) await page.waitForTimeout(100)
        return value
      },
      { timeout, interval: 500 },
    )
    .toBe(want)
}
