/**
 * `npm run verify-draw -- <issueId> [--server URL]`: fetches an issue's draw from the public
 * /newStock/draw, re-runs it with the same module the server drew with (src/contract/draw.ts) and
 * prints whether the commitment, the digest and every application's rank and lots match. Exit
 * code 0 when everything matches, 1 otherwise (including a draw that has not happened yet).
 */
import { pathToFileURL } from 'node:url'
import { type IpoDraw } from '../src/contract/replies'
import { type DrawVerification, type PublishedDraw, checkPublishedDraw } from '../src/features/ipo/drawCheck'

export const DEFAULT_SERVER = 'http://localhost:8080'

/** How many of the first ranks the report lists. */
const FIRST_RANKS = 10
/** How many mismatched references the report lists before it only counts them. */
const MISMATCHES_SHOWN = 20

/** POSTs {id} to <server>/api/vue/newStock/draw and returns the envelope's data, or throws with its msg. */
export async function fetchDraw(server: string, issueId: number, fetchImpl: typeof fetch = fetch): Promise<PublishedDraw> {
  const response = await fetchImpl(new URL('/api/vue/newStock/draw', server), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: issueId }),
  })
  const envelope = (await response.json().catch(() => null)) as {
    status?: number
    msg?: string
    code?: string
    data?: IpoDraw
  } | null
  if (!envelope || envelope.status !== 1 || !envelope.data) {
    throw new Error(`the server did not give the draw (HTTP ${response.status}${envelope?.code ? `, ${envelope.code}` : ''}${envelope?.msg ? `: ${envelope.msg}` : ''})`)
  }
  return envelope.data
}

const yesNo = (ok: boolean): string => (ok ? 'matches' : 'DOES NOT MATCH')

/** The printed report and the verdict, from a publication and its re-run. */
export function report(draw: PublishedDraw, verification: DrawVerification = checkPublishedDraw(draw)): { ok: boolean; lines: string[] } {
  const lines = [`issue ${draw.issueId}, algorithm ${draw.algorithm}`, `commitment ${draw.commitment}`]
  if (verification.state === 'not_drawn') {
    lines.push(draw.digest ? `digest     ${draw.digest} (list frozen, ${draw.applications.length} applications)` : 'the application list is not frozen yet')
    lines.push('not drawn yet: the seed is revealed at the draw; nothing to verify')
    return { ok: false, lines }
  }
  const v = verification
  lines.push(
    `seed       ${draw.seed ?? ''}`,
    `digest     ${draw.digest ?? ''}`,
    `beacon     ${draw.beacon === '' ? '(none)' : draw.beacon}`,
    `algorithm:  ${v.algorithmKnown ? 'known' : `UNKNOWN (this tool re-runs tijori-draw-v1)`}`,
    `commitment: sha256(seed) ${yesNo(v.commitmentMatches)}`,
    `digest:     sha256(list) ${yesNo(v.digestMatches)}`,
    `applications ${v.applications}, allottable lots ${draw.allottableLots}, minimum ${draw.minLot} lots`,
    `allottees ${v.allottees}, lots allotted ${v.allottedLots}; the server's result lists ${draw.result.length}`,
    `first ranks (re-run):`,
  )
  for (const r of v.results.slice(0, FIRST_RANKS)) lines.push(`  #${r.rank} ${r.ref} ${r.lots} lots`)
  if (v.mismatches.length === 0) lines.push('every rank and allotment matches the server')
  else {
    lines.push(`${v.mismatches.length} applications differ from the server's result:`)
    const ours = new Map(v.results.map((r) => [r.ref, r]))
    const theirs = new Map(draw.result.map((r) => [r.ref, r]))
    const show = (r: { rank: number; lots: number } | undefined): string => (r ? `#${r.rank} ${r.lots} lots` : 'absent')
    for (const ref of v.mismatches.slice(0, MISMATCHES_SHOWN)) lines.push(`  ${ref}: re-run ${show(ours.get(ref))}, server ${show(theirs.get(ref))}`)
    if (v.mismatches.length > MISMATCHES_SHOWN) lines.push(`  ... and ${v.mismatches.length - MISMATCHES_SHOWN} more`)
  }
  lines.push(v.allMatch ? 'ALL MATCH' : 'MISMATCH')
  return { ok: v.allMatch, lines }
}

/** Parses `<issueId> [--server URL]`. */
export function parseArgs(argv: readonly string[]): {
  issueId: number
  server: string
} {
  let server = DEFAULT_SERVER
  let id: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--server') server = argv[++i] ?? ''
    else if (arg.startsWith('--server=')) server = arg.slice('--server='.length)
    else id = arg
  }
  const issueId = Number(id)
  if (!Number.isSafeInteger(issueId) || issueId <= 0) throw new Error('usage: npm run verify-draw -- <issueId> [--server URL]')
  if (!URL.canParse(server)) throw new Error(`not a URL: ${server}`)
  return { issueId, server }
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const { issueId, server } = parseArgs(argv)
    const { ok, lines } = report(await fetchDraw(server, issueId))
    for (const line of lines) console.log(line)
    return ok ? 0 : 1
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    return 1
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main(process.argv.slice(2))
