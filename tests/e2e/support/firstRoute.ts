/**
 * What the browser fetches to show the first route, /login/start, on a fresh visit (no service
 * worker, empty cache): shared by the budget test (tests/e2e/first-route.test.ts) and the bench.
 */
import { type Browser } from 'playwright-core'

/** One response: its path, kind, body bytes (null when it could not be read), and bytes on the wire (after any Content-Encoding). */
export type Fetched = { url: string; type: string; raw: number | null; transferred: number; encoding: string }

export async function firstRouteFetches(browser: Browser, baseUrl: string): Promise<{ files: Fetched[]; fcp: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    const fetched: Promise<Fetched | null>[] = []
    page.on('response', (res) => {
      fetched.push(
        Promise.all([res.body().catch(() => null), res.request().sizes(), res.headerValue('content-encoding'), res.headerValue('content-length')]).then(
          ([body, sizes, encoding, length]): Fetched | null => {
            // A worker that has already ended (src/app/intl-warmup.ts) gives neither its body nor
            // a body size: what came is its Content-Length.
            const transferred = body === null || sizes.responseBodySize === 0 ? Number(length ?? 0) : sizes.responseBodySize
            // A response without a body (a redirect).
            if (body === null && transferred === 0) return null
            const url = new URL(res.url()).pathname
            return { url, type: res.request().resourceType(), raw: body?.length ?? null, transferred, encoding: encoding ?? 'none' }
          },
          () => null,
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
