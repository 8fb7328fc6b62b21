import { describe, expect, it } from 'vitest'
import { DRAW_ALGORITHM, commitmentOf, digestOf, runDraw } from '../../../../src/contract/draw'
import { type IpoDraw } from '../../../../src/contract/replies'
import { checkBlockDraw } from '../../../../src/features/block/draw'

const seed = '5e'.repeat(32)
// Asked 12 + 7 + 5 = 24 lots of 10 offered: oversubscribed, so in proportion and the rest by the draw.
const applications = [
  { ref: 'AAAAAAAAAA', lots: 12 },
  { ref: 'BBBBBBBBBB', lots: 7 },
  { ref: 'CCCCCCCCCC', lots: 5 },
]
const digest = digestOf(applications)
const result = runDraw({ seed, beacon: '', digest, applications, allottableLots: 10, minLots: 0, basis: 'proportional' })
const draw: IpoDraw = { issueId: 4, algorithm: DRAW_ALGORITHM, commitment: commitmentOf(seed), seed, beacon: '', digest, applications, allottableLots: 10, minLot: 10, basis: 'proportional', result, drawnAt: 9 }

describe('checkBlockDraw', () => {
  it('re-runs a published allocation and finds it the rule\'s, with the user\'s own place', () => {
    const check = checkBlockDraw(draw, { commitment: commitmentOf(seed) }, 'BBBBBBBBBB')
    expect(check).toMatchObject({ state: 'checked', allMatch: true, applications: 3, allottedLots: 10 })
    // floor(10 x 7/24) = 2 lots, plus at most one of the lots left over.
    expect(check.state === 'checked' && check.own?.lots).toBeGreaterThanOrEqual(2)
    expect(check.state === 'checked' && check.own?.lots).toBeLessThanOrEqual(3)
  })

  it('fails a result changed after the draw, a seed that is not the one committed to first, and a list that is not its digest', () => {
    const moved = result.map((r, i) => (i === 0 ? { ...r, lots: r.lots + 1 } : r))
    expect(checkBlockDraw({ ...draw, result: moved }, draw, null)).toMatchObject({ allMatch: false, resultMatches: false, commitmentMatches: true })
    // The reply's own commitment agrees with its seed, but not with the one stored before the window opened.
    const other = '7a'.repeat(32)
    expect(checkBlockDraw({ ...draw, seed: other, commitment: commitmentOf(other) }, draw, null)).toMatchObject({ allMatch: false, publishedCommitment: false })
    expect(checkBlockDraw({ ...draw, applications: applications.slice(1) }, draw, null)).toMatchObject({ allMatch: false, digestMatches: false })
    expect(checkBlockDraw({ ...draw, seed: 'not hex' }, draw, null)).toMatchObject({ allMatch: false })
  })

  it('has nothing to re-run before the allocation', () => {
    expect(checkBlockDraw({ ...draw, seed: null, digest: null, result: [], drawnAt: null }, draw, null)).toEqual({ state: 'not_drawn' })
  })
})
