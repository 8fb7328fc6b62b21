/**
 * What the first screen costs: everything the browser fetches to show /login/start on a fresh
 * visit (no service worker, empty cache), raw and as transferred (the body bytes on the wire,
 * after any Content-Encoding), the JavaScript file by file, and the time until the first paint.
 */
import { launchChromium } from '../e2e/support/browser'
import { type Fetched, firstRouteFetches } from '../e2e/support/firstRoute'
import { type RunningServer } from '../e2e/support/server'

const kb = (n: number | null) => (n === null ? '?' : `${(n / 1024).toFixed(1)} KiB`)

export async function firstRouteBench(server: RunningServer): Promise<void> {
  const browser = await launchChromium()
  try {
    const { files, fcp } = await firstRouteFetches(browser, server.url)
    const line = (name: string, raw: number | null, transferred: number, note = '') =>
      console.log(`  ${name.padEnd(48)} ${kb(raw).padStart(11)} raw ${kb(transferred).padStart(10)} transferred ${note}`)
    // A body that could not be read (a worker already ended) adds nothing to the raw sums.
    const sum = (list: Fetched[], pick: (f: Fetched) => number | null) => list.reduce((s, f) => s + (pick(f) ?? 0), 0)

    console.log('\nfirst route (/login/start, fresh visit): JavaScript fetched')
    const scripts = files.filter((f) => f.type === 'script').sort((a, b) => b.transferred - a.transferred)
    for (const f of scripts) line(f.url, f.raw, f.transferred, f.encoding)
    line('total', sum(scripts, (f) => f.raw), sum(scripts, (f) => f.transferred))

    console.log('first route: everything fetched, by kind')
    const kinds = [...new Set(files.map((f) => f.type))].sort()
    for (const kind of kinds) {
      const of = files.filter((f) => f.type === kind)
      line(`${kind} (${of.length})`, sum(of, (f) => f.raw), sum(of, (f) => f.transferred))
    }
    line(`total (${files.length} responses)`, sum(files, (f) => f.raw), sum(files, (f) => f.transferred))
    console.log(`  first contentful paint: ${fcp.toFixed(0)} ms (loopback, no throttling)`)
  } finally {
    await browser.close()
  }
}
