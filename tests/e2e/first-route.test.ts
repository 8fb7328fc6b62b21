/**
 * The first route's JavaScript budget: what a fresh visit to /login/start fetches, counted as the
 * server sends it (the precompressed copy the browser asked for). The files are the build's, so the
 * figure is the same on every run: a check, not a timing. `npm run bench` prints the same list.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser } from 'playwright-core'
import { launchChromium } from './support/browser'
import { firstRouteFetches } from './support/firstRoute'
import { type RunningServer, startServer } from './support/server'

/**
 * KiB on the wire: issue 9's target. Lazy toasts (src/app/toast.ts) brought it from 163.3 to
 * 158.4; route loaders split into their screens' chunks (vite.config.ts), the refusal
 * translations loaded with the first refusal (src/app/ApiEvents.tsx), the trade tabs apart from
 * the trading maths (src/features/trade/tabs.ts) and db.ts's type-only imports erased brought it
 * to 148.1. Issue 10's screens keep their strings in area catalogs (lingui.config.ts AREAS), and
 * the money screens' moved there too (the main English catalog 14.1 -> 11.7 KiB). Issue 15's
 * entry (src/boot.ts), which fetches the app after the shell is painted, costs 1.1 KiB of its own
 * (Vite's preload helper and the list of the app's files); the modulepreload polyfill dropped and
 * the identity screens' strings moved to an area of their own brought it back to 149.9. The
 * locale data's warm-up worker (src/app/intl-warmup.ts, 0.1 KiB) came with the index screens'
 * explanations moved to the `pages` area: 149.9. The app's own modules in two chunks instead of
 * fourteen (vite.config.ts appChunks) compress better: 144.1, in 10 files instead of 24.
 */
const BUDGET_KIB = 150
/** Each file costs the start's main thread whatever its size (vite.config.ts appChunks): their number is kept too. */
const MAX_SCRIPT_FILES = 12

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the first route', () => {
  it(`fetches at most ${BUDGET_KIB} KiB of JavaScript in at most ${MAX_SCRIPT_FILES} files`, async () => {
    const { files } = await firstRouteFetches(browser, server.url)
    const scripts = files.filter((f) => f.type === 'script').sort((a, b) => b.transferred - a.transferred)
    const total = scripts.reduce((sum, f) => sum + f.transferred, 0)
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
    const biggest = scripts.slice(0, 8).map((f) => `  ${f.url} ${kib(f.transferred)} (${f.encoding})`).join('\n')
    expect(total, `first-route JavaScript is ${kib(total)}, over ${BUDGET_KIB} KiB; the biggest files:\n${biggest}`).toBeLessThanOrEqual(BUDGET_KIB * 1024)
    expect(scripts.length, `the first route fetches ${scripts.length} script files:\n${scripts.map((f) => `  ${f.url}`).join('\n')}`).toBeLessThanOrEqual(MAX_SCRIPT_FILES)
    // The locale data's warm-up (src/app/intl-warmup.ts) is fetched with the first screen: counted.
    expect(scripts.some((f) => f.url.includes('/intl-warmup-') && f.transferred > 0)).toBe(true)
  })

  it('has V8 compile the files the start runs as they arrive, each opening with the hint', async () => {
    // vite.config.ts appChunks: the hint counts only as the file's first line.
    const assets = join(process.cwd(), 'dist', 'assets')
    const started = (await readdir(assets)).filter((name) => /^(main|app|shared)-[\w-]+\.js$/.test(name))
    expect(started).toHaveLength(3)
    for (const name of started) expect((await readFile(join(assets, name), 'utf8')).split('\n', 1)[0], name).toBe('//# allFunctionsCalledOnLoad')
  })

  it('loads the locale data on a worker of its own, which the page allows and which then ends', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    try {
      const page = await context.newPage()
      // It closes itself once its formatters are made; a script blocked or failing never gets there.
      const ended = new Promise<void>((resolve) =>
        page.on('worker', (worker) => {
          if (worker.url().includes('/intl-warmup-')) worker.once('close', () => resolve())
        }),
      )
      await page.goto(`${server.url}/#/login/start`)
      await ended
    } finally {
      await context.close()
    }
  })
})
