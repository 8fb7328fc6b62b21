/**
 * What the browser fetches to show the first route, /login/start, on a fresh visit (no service
 * worker, empty cache): shared by the budget test (tests/e2e/first-route.test.ts) and the bench.
 */
import { type Browser } from 'playwright-core'

/** One response: its path, kind, body bytes, and bytes on the wire (after any Content-Encoding). */
export type Fetched = { url: string; type: string; raw: number; transferred: number; encoding: string }

export async function firstRouteFetches(browser: Browser, baseUrl: string): Promise<{ files: Fetched[]; fcp: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    const fetched: Promise<Fetched | null>[] = []
    page.on('response', (res) => {
      fetched.push(
        Promise.all([res.body(), res.request().sizes(), res.headerValue('content-encoding')]).then(
          ([body, sizes, encoding]) => ({
            url: new URL(res.url()).pathname,
            type: res.request().resourceType(),
            raw: body.length,
            transferred: sizes.responseBodySize,
            encoding: encoding ?? 'none',
          }),
          () => null, // a response without a body (a redirect)
        ),
      )
    })
    await page.goto(`${baseUrl}/#/login/start`, { waitUntil: 'networkidle' })
    // A second use of a file already fetched comes from the memory cache (a body size of -1): not counted twice.
    const files = (await Promise.all(fetched)).filter((f): f is Fetched => f !== null && f.transferred >= 0)
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1)
    return { files, fcp }
  } finally {
    await context.close()
  }
}
