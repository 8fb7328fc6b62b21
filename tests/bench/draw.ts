/**
 * Draw time (issue 10): verifyDraw on 100,000 and 1,000,000 applications, that is everything a
 * verifier re-runs (commitment, digest of the frozen list, draw order, allotment, comparison with
 * the server's result), in Node and in Chromium, where the phone's verify screen runs it in a
 * worker. The module is bundled for the page by Vite's library build, as the app bundles it.
 */
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, type Rolldown } from 'vite'
import { commitmentOf, type DrawPublication, DRAW_ALGORITHM, digestOf, runDraw, verifyDraw } from '../../src/contract/draw'
import { launchChromium } from '../e2e/support/browser'

const SIZES = [100_000, 1_000_000] as const
const RUNS = 3
const SEED = '5eed'.repeat(16)
/** An oversubscribed issue, like most retail portions: 1 allottee in ~30 at the larger size. */
const ALLOTTABLE_LOTS = 30_000

type DrawModule = { commitmentOf: typeof commitmentOf; digestOf: typeof digestOf; runDraw: typeof runDraw; verifyDraw: typeof verifyDraw; DRAW_ALGORITHM: string }

/**
 * Builds a publication of n applications and times verifyDraw on it `runs` times (ms each). Written
 * to run unchanged in the page too: it only uses the module it is given.
 */
function timeDraw(draw: DrawModule, n: number, runs: number, seed: string, allottableLots: number): number[] {
  const applications = Array.from({ length: n }, (_, i) => ({ ref: 'T' + (i * 2_654_435_761 % 4_294_967_296).toString(32).padStart(7, '0'), lots: 1 + (i % 13) }))
  const digest = draw.digestOf(applications)
  const base = { seed, beacon: '', digest, applications, allottableLots, minLots: 1 }
  const publication: DrawPublication = { algorithm: draw.DRAW_ALGORITHM, commitment: draw.commitmentOf(seed), ...base }
  const result = draw.runDraw(base)
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now()
    const check = draw.verifyDraw(publication, result)
    times.push(performance.now() - t0)
    if (check.mismatches.length > 0 || !check.digestMatches || !check.commitmentMatches) throw new Error('the draw did not verify itself')
  }
  return times
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The draw module as one classic script defining globalThis.TijoriDraw. */
async function bundleForPage(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: fileURLToPath(new URL('../../src/contract/draw.ts', import.meta.url)), formats: ['iife'], name: 'TijoriDraw', fileName: 'draw' },
    },
  })) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput
  const chunk = (Array.isArray(output) ? output[0]! : output).output[0]
  return chunk.code
}

export async function drawBench(): Promise<void> {
  console.log(`\ndraw verification (verifyDraw: commitment + digest + order + allotment + comparison; ${RUNS} runs, median)`)
  const node = { commitmentOf, digestOf, runDraw, verifyDraw, DRAW_ALGORITHM }
  for (const n of SIZES) console.log(`  Node,     ${n.toLocaleString('en')} applications: ${median(timeDraw(node, n, RUNS, SEED, ALLOTTABLE_LOTS)).toFixed(0)} ms`)

  const script = await bundleForPage()
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.goto('about:blank')
    await page.addScriptTag({ content: script })
    // The timing function travels as source (tsx may have wrapped its inner functions in __name).
    await page.addScriptTag({ content: `globalThis.__name = (f) => f; globalThis.timeDraw = ${timeDraw.toString()}` })
    for (const n of SIZES) {
      const times = await page.evaluate(
        ([size, runs, seed, lots]) => (globalThis as unknown as { timeDraw: typeof timeDraw; TijoriDraw: DrawModule }).timeDraw((globalThis as unknown as { TijoriDraw: DrawModule }).TijoriDraw, size, runs, seed, lots),
        [n, RUNS, SEED, ALLOTTABLE_LOTS] as const,
      )
      console.log(`  Chromium, ${n.toLocaleString('en')} applications: ${median(times).toFixed(0)} ms`)
    }
  } finally {
    await browser.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await drawBench()
