/**
 * What the first screen costs: every JavaScript file the browser fetches to show /login/start on
 * a fresh visit, with its gzip size, and the time until the screen's first paint.
 */
import { gzipSync } from 'node:zlib'
import { launchChromium } from '../e2e/support/browser'
import { type RunningServer } from '../e2e/support/server'

export async function firstRouteBench(server: RunningServer): Promise<void> {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
    const page = await context.newPage()
    const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = []
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return
      scripts.push(res.body().then((body) => ({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body).length })))
    })
    await page.goto(`${server.url}/#/login/start`, { waitUntil: 'networkidle' })
    const files = await Promise.all(scripts)
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1)
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`
    console.log('\nfirst route (/login/start, fresh visit): JavaScript fetched')
    for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.url.padEnd(48)} ${kb(f.raw).padStart(11)} raw ${kb(f.gzip).padStart(10)} gzip`)
    const raw = files.reduce((s, f) => s + f.raw, 0)
    const gzip = files.reduce((s, f) => s + f.gzip, 0)
    console.log(`  ${'total'.padEnd(48)} ${kb(raw).padStart(11)} raw ${kb(gzip).padStart(10)} gzip`)
    console.log(`  first contentful paint: ${fcp.toFixed(0)} ms (loopback, no throttling)`)
    await context.close()
  } finally {
    await browser.close()
  }
}
