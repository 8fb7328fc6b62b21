/**
 * Re-runs an offering's published allocation draw (/block/draw, the IpoDraw shape, step 9: in
 * proportion, the lots left over in draw order) with src/contract/draw.ts, as the new-share verify
 * screen does, and checks the revealed seed against the commitment this device stored before the
 * window opened, not only against the one the same reply carries. Pure; nothing is stored.
 */
import { type DrawResult, verifyDraw } from '../../contract/draw'
import type { IpoDraw } from '../../contract/replies'

export type BlockDrawCheck =
  | { readonly state: 'not_drawn' }
  | {
      readonly state: 'checked'
      readonly allMatch: boolean
      /** The draw's commitment is the one the offering published at creation (stored on this device). */
      readonly publishedCommitment: boolean
      readonly commitmentMatches: boolean
      readonly digestMatches: boolean
      readonly resultMatches: boolean
      readonly applications: number
      readonly allottedLots: number
      /** The user's own application in the re-run, when it is in the list. */
      readonly own: DrawResult | null
    }

const HEX64 = /^[0-9a-f]{64}$/

export function checkBlockDraw(draw: IpoDraw, published: { commitment: string }, ownRef: string | null): BlockDrawCheck {
  const { seed, digest } = draw
  if (seed === null || digest === null || draw.drawnAt === null) return { state: 'not_drawn' }
  const publishedCommitment = draw.commitment === published.commitment
  // A seed or digest that is not 64 hex digits cannot be the committed one (and would not hash).
  if (!HEX64.test(seed) || !HEX64.test(digest)) {
    return { state: 'checked', allMatch: false, publishedCommitment, commitmentMatches: false, digestMatches: false, resultMatches: false, applications: draw.applications.length, allottedLots: 0, own: null }
  }
  const check = verifyDraw({ ...draw, seed, digest, minLots: draw.minLot }, draw.result)
  const resultMatches = check.algorithmKnown && check.mismatches.length === 0
  return {
    state: 'checked',
    allMatch: publishedCommitment && check.commitmentMatches && check.digestMatches && resultMatches,
    publishedCommitment,
    commitmentMatches: check.commitmentMatches,
    digestMatches: check.digestMatches,
    resultMatches,
    applications: draw.applications.length,
    allottedLots: check.results.reduce((sum, r) => sum + r.lots, 0),
    own: check.results.find((r) => r.ref === ownRef) ?? null,
  }
}
