/**
 * Re-runs a published draw (/newStock/draw, IpoDraw) with src/contract/draw.ts, as the verify
 * screen's worker and `npm run verify-draw` both do, so the two cannot read a publication
 * differently. Nothing is stored.
 */
import { type DrawCheck, verifyDraw } from '../../contract/draw'
import { type IpoDraw } from '../../contract/replies'

export type PublishedDraw = IpoDraw

export type DrawVerification =
  | { readonly state: 'not_drawn' }
  | ({
      readonly state: 'checked'
      readonly allMatch: boolean
      readonly applications: number
      readonly allottees: number
      readonly allottedLots: number
    } & DrawCheck)

const HEX64 = /^[0-9a-f]{64}$/

/** verifyDraw on a publication; before the draw (no seed or digest yet) there is nothing to re-run. */
export function checkPublishedDraw(draw: PublishedDraw): DrawVerification {
  const { seed, digest } = draw
  if (seed === null || digest === null || draw.drawnAt === null) return { state: 'not_drawn' }
  // A seed or digest that is not 64 hex digits cannot be the committed one; hexToBytes would throw on it.
  if (!HEX64.test(seed) || !HEX64.test(digest)) {
    return {
      state: 'checked',
      allMatch: false,
      applications: draw.applications.length,
      allottees: 0,
      allottedLots: 0,
      algorithmKnown: false,
      commitmentMatches: false,
      digestMatches: false,
      mismatches: [],
      results: [],
    }
  }
  const check = verifyDraw({ ...draw, seed, digest, minLots: draw.minLot }, draw.result)
  let allottees = 0
  let allottedLots = 0
  for (const r of check.results) {
    if (r.lots > 0) allottees++
    allottedLots += r.lots
  }
  return {
    state: 'checked',
    ...check,
    allMatch: check.algorithmKnown && check.commitmentMatches && check.digestMatches && check.mismatches.length === 0,
    applications: draw.applications.length,
    allottees,
    allottedLots,
  }
}
