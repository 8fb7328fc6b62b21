/**
 * Lighthouse on the first screens (issue 15): /login/start signed out and /home/index signed in
 * as the demo account, each three times in Debian's Chromium, with Lighthouse's default mobile
 * settings (simulated slow 4G, 4x CPU). Prints the medians and the spread of the figures the
 * issue's targets name, and what Lighthouse blames when performance is under 95.
 *
 * Every run has a profile of its own. Lighthouse's storage reset clears the service worker, the
 * Cache Storage and the HTTP cache but keeps IndexedDB (its default clearStorageTypes), so the
 * signed-in run signs in through the real login screen first (playwright-core over the same
 * browser's DevTools port) and is measured as a signed-in visit with nothing cached but Dexie.
 *
 * `npx tsx tests/bench/lighthouse.ts` runs this alone on a server of its own.
 */
import lighthouse from 'lighthouse'
import { launch, type LaunchedChrome } from 'chrome-launcher'
import { chromium } from 'playwright-core'
import { CHROMIUM_PATH } from '../e2e/support/browser'
import { signIn } from '../e2e/support/signIn'
import { type RunningServer } from '../e2e/support/server'
import { runAlone } from './alone'

const RUNS = 3
const PAGES = [
  { name: '/#/login/start (signed out)', hash: '/login/start', signedIn: false },
  { name: '/#/home/index (signed in)', hash: '/home/index', signedIn: true },
] as const

type Figures = { performance: number; accessibility: number; bestPractices: number; fcp: number; lcp: number; tbt: number; bytes: number; blame: string[] }

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox', // the bench runs as root here
  '--disable-gpu',
  // The closed network here refuses Chromium's own background connections; keep it quiet.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

async function signInOver(chrome: LaunchedChrome, baseUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  try {
    const context = browser.contexts()[0]
    if (!context) throw new Error('the launched Chromium has no default context')
    const page = await context.newPage()
    await signIn(page, baseUrl)
    await page.close()
  } finally {
    await browser.close() // connected, not launched: this disconnects and leaves Chromium running
  }
}

/** The audits behind a low performance score, each with its figure, biggest first. */
function blameOf(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): string[] {
  const pick = ['bootup-time', 'mainthread-work-breakdown', 'render-blocking-resources', 'unused-javascript', 'largest-contentful-paint-element', 'server-response-time', 'critical-request-chains']
  const lines: string[] = []
  for (const id of pick) {
    const audit = lhr.audits[id]
    if (!audit || audit.score === null || audit.score >= 0.9) continue
    lines.push(`${id}: ${audit.displayValue ?? ''} ${audit.details && 'items' in audit.details ? summarise(audit.details.items) : ''}`.trim())
  }
  return lines
}

function summarise(items: unknown[]): string {
  return items
    .slice(0, 4)
    .map((item) => {
      const row = item as Record<string, unknown>
      const what = typeof row.url === 'string' ? new URL(row.url, 'http://x').pathname : typeof row.groupLabel === 'string' ? row.groupLabel : typeof row.phase === 'string' ? row.phase : ''
      const figure = ['total', 'duration', 'timing', 'wastedBytes', 'wastedMs'].map((k) => row[k]).find((v) => typeof v === 'number') as number | undefined
      return what ? `${what}${figure === undefined ? '' : ` ${figure.toFixed(0)}`}` : ''
    })
    .filter(Boolean)
    .join(', ')
}

/** A run Lighthouse reports it could not measure (its runtimeError, such as NO_NAVSTART). */
class LighthouseRunError extends Error {}

/**
 * A run Lighthouse could not measure is run again, at most twice, and said so: NO_NAVSTART, a
 * trace Lighthouse failed to record, ended a whole bench once. A page at fault fails every time.
 */
async function measured(baseUrl: string, hash: string, signedIn: boolean): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(baseUrl, hash, signedIn)
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === 3) throw error
      console.log(`    (${error.message}; run again)`)
    }
  }
}

async function runOnce(baseUrl: string, hash: string, signedIn: boolean): Promise<Figures> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  try {
    if (signedIn) await signInOver(chrome, baseUrl)
    const result = await lighthouse(`${baseUrl}/#${hash}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    })
    if (!result) throw new Error('Lighthouse returned no result')
    const { lhr } = result
    if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    if (signedIn && !lhr.finalDisplayedUrl.includes(hash)) throw new Error(`signed-in run ended on ${lhr.finalDisplayedUrl}, not ${hash}`)
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      bytes: value('total-byte-weight'),
      blame: blameOf(lhr),
    }
  } finally {
    chrome.kill()
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN

export async function lighthouseBench(server: RunningServer): Promise<void> {
  console.log(`\nLighthouse, mobile defaults (simulated slow 4G, 4x CPU), ${RUNS} runs each: median (spread)`)
  for (const target of PAGES) {
    const runs: Figures[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await measured(server.url, target.hash, target.signedIn))
    const show = (label: string, pick: (f: Figures) => number, unit: (n: number) => string) => {
      const xs = runs.map(pick)
      return `${label} ${unit(median(xs))} (${unit(Math.min(...xs))}–${unit(Math.max(...xs))})`
    }
    const s = (n: number) => `${(n / 1000).toFixed(2)} s`
    const ms = (n: number) => `${n.toFixed(0)} ms`
    const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`
    const plain = (n: number) => n.toFixed(0)
    console.log(`  ${target.name}`)
    console.log(`    ${show('performance', (f) => f.performance, plain)}, ${show('accessibility', (f) => f.accessibility, plain)}, ${show('best practices', (f) => f.bestPractices, plain)}`)
    console.log(`    ${show('FCP', (f) => f.fcp, s)}, ${show('LCP', (f) => f.lcp, s)}, ${show('TBT', (f) => f.tbt, ms)}, ${show('transferred', (f) => f.bytes, kib)}`)
    const worst = runs.reduce((a, b) => (b.performance < a.performance ? b : a))
    if (worst.performance < 95) for (const line of worst.blame) console.log(`    blamed (run scoring ${worst.performance}): ${line}`)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(lighthouseBench)
