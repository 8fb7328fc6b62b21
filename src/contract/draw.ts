/**
 * The draw of a new-share issue (issue 10, DESIGN.md section 4), one pure module for both sides:
 * the server allots with it, the phone's verify screen and `npm run verify-draw` re-run it from
 * what /newStock/draw publishes. Changing anything here changes published results: a new rule is
 * a new DRAW_ALGORITHM name, never an edit of this one.
 *
 * tijori-draw-v1, precisely:
 * 1. seed: 32 secret random bytes, shown as 64 lowercase hex digits. When the window opens the
 *    server publishes commitment = sha256(seed bytes).
 * 2. At close the application list is frozen. Its canonical text is one line per application,
 *    sorted by reference (references are ASCII; byte order), each `<ref> <lots>\n`;
 *    digest = sha256(UTF-8 of that text).
 * 3. At the draw the seed is revealed; randomness R = sha256(seed bytes || digest bytes ||
 *    UTF-8 of the beacon value), the beacon being the empty string unless the issue names one.
 * 4. A stream of 32-bit words: block k (k = 0, 1, 2, ...) = sha256(R || k as 4 bytes big-endian),
 *    read as eight big-endian 32-bit words, blocks in order.
 * 5. uniform(m), 1 <= m <= 2^32: limit = 2^32 - (2^32 mod m); take words until one, u, is below
 *    limit; the answer is u mod m (rejection keeps every answer equally likely).
 * 6. Draw order: start from the applications sorted as in 2; for i = n-1 down to 1, j =
 *    uniform(i + 1), swap positions i and j (Fisher-Yates). Position 0 is drawn first.
 * 7. Allotment (SEBI's retail rule), with L = allottable lots = floor(retail shares / lot size)
 *    and a minimum application of M lots: at most floor(L / M) allottees.
 *    - More applications than that: the first floor(L / M) in draw order get M lots each.
 *    - Otherwise everyone gets M lots; the rest, R' = L - n*M, is shared in proportion to what
 *      each asked beyond M (excess e_i, total E): if E <= R' everyone gets what they asked,
 *      else floor(R' * e_i / E) each, then one more lot to each application still short of its
 *      ask, in draw order, until R' is used.
 * 8. Lots given up later (waived or unpaid, pay-after-win issues) go to the next applications in
 *    draw order: first M lots to each application that has none, then one lot at a time, in draw
 *    order and round after round, to those still short of their ask.
 * 9. A placement (basis 'proportional') instead shares its L lots in proportion to the lots (so
 *    the amount) each applied for, with no minimum guaranteed: if the applications ask for L or
 *    fewer in all, everyone gets their ask; else floor(L * lots_i / total) each, then one more
 *    lot to each application still short of its ask, in draw order, until L is used.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'

export const DRAW_ALGORITHM = 'tijori-draw-v1'

/** One application as published: its public reference (no name, no PAN) and the lots it asked. */
export type DrawApplication = { readonly ref: string; readonly lots: number }

/** sebi_retail: step 7 (an IPO's retail portion); proportional: step 9 (a placement). */
export const ALLOTMENT_BASES = ['sebi_retail', 'proportional'] as const
export type AllotmentBasis = (typeof ALLOTMENT_BASES)[number]

export type AllotmentRule = { readonly allottableLots: number; readonly minLots: number; readonly basis?: AllotmentBasis }

export const sha256Hex = (bytes: Uint8Array): string => bytesToHex(sha256(bytes))

export function commitmentOf(seedHex: string): string {
  return sha256Hex(hexToBytes(seedHex))
}

const byRef = (a: DrawApplication, b: DrawApplication): number => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0)

/** The applications in canonical order: by reference. */
export function canonicalOrder(applications: readonly DrawApplication[]): DrawApplication[] {
  return [...applications].sort(byRef)
}

export function digestOf(applications: readonly DrawApplication[]): string {
  return digestOfSorted(canonicalOrder(applications))
}

function digestOfSorted(sorted: readonly DrawApplication[]): string {
  let text = ''
  for (const a of sorted) text += `${a.ref} ${a.lots}\n`
  return sha256Hex(utf8ToBytes(text))
}

export function randomnessOf(seedHex: string, digestHex: string, beacon = ''): string {
  const seed = hexToBytes(seedHex)
  const digest = hexToBytes(digestHex)
  const extra = utf8ToBytes(beacon)
  const input = new Uint8Array(seed.length + digest.length + extra.length)
  input.set(seed, 0)
  input.set(digest, seed.length)
  input.set(extra, seed.length + digest.length)
  return sha256Hex(input)
}

/** Steps 4 and 5: uniform whole numbers below m from R's block stream. */
function uniformStream(randomnessHex: string): (m: number) => number {
  const input = new Uint8Array(36)
  input.set(hexToBytes(randomnessHex), 0)
  const counter = new DataView(input.buffer, 32, 4)
  let block = new DataView(new ArrayBuffer(32))
  let k = 0
  let word = 8
  const next = (): number => {
    if (word === 8) {
      counter.setUint32(0, k++)
      const hash = sha256(input)
      block = new DataView(hash.buffer, hash.byteOffset, 32)
      word = 0
    }
    return block.getUint32(4 * word++)
  }
  return (m) => {
    const limit = 2 ** 32 - (2 ** 32 % m)
    for (;;) {
      const u = next()
      if (u < limit) return u % m
    }
  }
}

/** Step 6: the applications in draw order. */
export function drawOrder(randomnessHex: string, applications: readonly DrawApplication[]): DrawApplication[] {
  return shuffle(randomnessHex, canonicalOrder(applications))
}

/** Step 6 on applications already in canonical order; shuffles `order` itself. */
function shuffle(randomnessHex: string, order: DrawApplication[]): DrawApplication[] {
  const uniform = uniformStream(randomnessHex)
  for (let i = order.length - 1; i > 0; i--) {
    const j = uniform(i + 1)
    const swap = order[i]!
    order[i] = order[j]!
    order[j] = swap
  }
  return order
}

/** Steps 7 and 9: the lots allotted to each application of `ordered` (draw order), position by position. */
export function allot(ordered: readonly DrawApplication[], rule: AllotmentRule): number[] {
  const { allottableLots } = rule
  // A placement is step 7's sharing with no minimum lot guaranteed (M = 0).
  const minLots = rule.basis === 'proportional' ? 0 : rule.minLots
  const n = ordered.length
  const maxAllottees = minLots === 0 ? Infinity : Math.floor(allottableLots / minLots)
  if (n > maxAllottees) return ordered.map((_, i) => (i < maxAllottees ? minLots : 0))
  const rest = allottableLots - n * minLots
  let excessTotal = 0
  for (const a of ordered) excessTotal += a.lots - minLots
  if (excessTotal <= rest) return ordered.map((a) => a.lots)
  // rest * excess can pass 2^53 for a very large issue: then the shares are worked out in BigInt.
  const exact = Number.isSafeInteger(rest * excessTotal)
  const lots = ordered.map((a) => {
    const excess = a.lots - minLots
    const share = exact ? Math.floor((rest * excess) / excessTotal) : Number((BigInt(rest) * BigInt(excess)) / BigInt(excessTotal))
    return minLots + share
  })
  let left = rest - lots.reduce((sum, l) => sum + l - minLots, 0)
  // Fewer lots are left than applications with a fraction cut off, so one pass places them all.
  for (let i = 0; i < n && left > 0; i++) {
    if (lots[i]! < ordered[i]!.lots) {
      lots[i]! += 1
      left--
    }
  }
  return lots
}

/** An application in draw order as step 8 sees it: what it asked, holds, and whether it may take more. */
export type Holding = { readonly lots: number; readonly allotted: number; readonly eligible: boolean }

/** Step 8: the extra lots each of `ordered` receives when `released` lots are given up. */
export function reallocate(ordered: readonly Holding[], released: number, minLots: number): number[] {
  const extra = ordered.map(() => 0)
  let left = released
  for (let i = 0; i < ordered.length && left >= minLots; i++) {
    const h = ordered[i]!
    if (h.eligible && h.allotted === 0 && h.lots >= minLots) {
      extra[i] = minLots
      left -= minLots
    }
  }
  // Top-ups only once every eligible application holds its minimum (with no minimum, a placement's,
  // holding none is no reason to wait: the top-ups are the whole reallocation).
  if (minLots > 0 && ordered.some((h, i) => h.eligible && h.allotted + extra[i]! === 0)) return extra
  for (let placed = true; left > 0 && placed; ) {
    placed = false
    for (let i = 0; i < ordered.length && left > 0; i++) {
      const h = ordered[i]!
      if (h.eligible && h.allotted + extra[i]! < h.lots) {
        extra[i]! += 1
        left--
        placed = true
      }
    }
  }
  return extra
}

/** What /newStock/draw publishes about one application: its place in the draw and its first allotment. */
export type DrawResult = { readonly ref: string; readonly rank: number; readonly lots: number }

export type DrawPublication = {
  readonly algorithm: string
  readonly commitment: string
  readonly seed: string
  readonly beacon: string
  readonly digest: string
  readonly applications: readonly DrawApplication[]
  readonly allottableLots: number
  readonly minLots: number
  /** Absent in a publication from before placements: sebi_retail. */
  readonly basis?: AllotmentBasis
}

/** Steps 3 to 7 (or 9) from a publication: every application's rank (1 = drawn first) and lots, by reference. */
export function runDraw(p: Omit<DrawPublication, 'algorithm' | 'commitment'>): DrawResult[] {
  return runSorted(p, canonicalOrder(p.applications))
}

/** runDraw on the applications already in canonical order (a copy the shuffle may change). */
function runSorted(p: Omit<DrawPublication, 'algorithm' | 'commitment' | 'applications'>, sorted: DrawApplication[]): DrawResult[] {
  const ordered = shuffle(randomnessOf(p.seed, p.digest, p.beacon), sorted)
  const lots = allot(ordered, { allottableLots: p.allottableLots, minLots: p.minLots, ...(p.basis ? { basis: p.basis } : {}) })
  return ordered.map((a, i) => ({ ref: a.ref, rank: i + 1, lots: lots[i]! }))
}

export type DrawCheck = {
  readonly algorithmKnown: boolean
  readonly commitmentMatches: boolean
  readonly digestMatches: boolean
  /** References whose re-run rank or lots differ from the server's result (or are missing from it). */
  readonly mismatches: readonly string[]
  readonly results: readonly DrawResult[]
}

/** Re-runs a published draw and compares it with the server's result, as the phone and the CLI do. */
export function verifyDraw(p: DrawPublication, serverResult: readonly DrawResult[]): DrawCheck {
  // One sort for both the digest and the draw: the sort is a third of a large draw's time.
  const sorted = canonicalOrder(p.applications)
  const digestMatches = digestOfSorted(sorted) === p.digest
  const results = runSorted(p, [...sorted])
  const server = new Map(serverResult.map((r) => [r.ref, r]))
  const mismatches = results.filter((r) => server.get(r.ref)?.rank !== r.rank || server.get(r.ref)?.lots !== r.lots).map((r) => r.ref)
  const ours = new Set(results.map((r) => r.ref))
  for (const r of serverResult) if (!ours.has(r.ref)) mismatches.push(r.ref)
  // The map above keeps one entry per reference: a second, different entry would go unseen.
  const seen = new Set<string>()
  for (const r of serverResult) {
    if (seen.has(r.ref) && !mismatches.includes(r.ref)) mismatches.push(r.ref)
    seen.add(r.ref)
  }
  return {
    algorithmKnown: p.algorithm === DRAW_ALGORITHM,
    commitmentMatches: commitmentOf(p.seed) === p.commitment,
    digestMatches,
    mismatches,
    results,
  }
}
