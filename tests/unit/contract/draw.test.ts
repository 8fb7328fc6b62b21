import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  allot,
  commitmentOf,
  type DrawApplication,
  type DrawPublication,
  DRAW_ALGORITHM,
  digestOf,
  drawOrder,
  type Holding,
  randomnessOf,
  reallocate,
  runDraw,
  verifyDraw,
} from '../../../src/contract/draw'
// Seeded (server/market/random.ts), so a failing case can be replayed from its seed.
import { createRng } from '../../../server/market/random'

// Expected hashes come from node:crypto, never from the module under test.
const sha256 = (...parts: (Buffer | string)[]): string => {
  const hash = createHash('sha256')
  for (const p of parts) hash.update(p)
  return hash.digest('hex')
}

const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'

const apps = (...lots: number[]): DrawApplication[] => lots.map((l, i) => ({ ref: `R${String(i).padStart(7, '0')}`, lots: l }))
const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0)

function publication(applications: DrawApplication[], allottableLots: number, minLots = 1, seed = SEED): DrawPublication {
  return {
    algorithm: DRAW_ALGORITHM,
    commitment: sha256(Buffer.from(seed, 'hex')),
    seed,
    beacon: '',
    digest: digestOf(applications),
    applications,
    allottableLots,
    minLots,
  }
}

describe('commitment, digest and randomness (known answers from node:crypto)', () => {
  it('commits to sha256 of the seed bytes, not of its hex text', () => {
    expect(commitmentOf(SEED)).toBe(sha256(Buffer.from(SEED, 'hex')))
    expect(commitmentOf('00'.repeat(32))).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925')
  })

  it('digests one "<ref> <lots>\\n" line per application, sorted by reference', () => {
    const list = [
      { ref: 'B2', lots: 3 },
      { ref: 'A1', lots: 1 },
      { ref: 'a0', lots: 12 },
    ]
    // Byte order: upper case before lower case.
    expect(digestOf(list)).toBe(sha256('A1 1\nB2 3\na0 12\n'))
    expect(digestOf([])).toBe(sha256(''))
  })

  it('gives the same digest whatever order the applications come in', () => {
    const list = apps(1, 2, 3, 4, 5, 6, 7)
    const random = createRng(7).uniform
    const shuffled = [...list].sort(() => random() - 0.5)
    expect(digestOf(shuffled)).toBe(digestOf(list))
    expect(digestOf([...list].reverse())).toBe(digestOf(list))
  })

  it('mixes seed bytes, digest bytes and the beacon text into the randomness', () => {
    const digest = sha256('A1 1\n')
    expect(randomnessOf(SEED, digest)).toBe(sha256(Buffer.from(SEED, 'hex'), Buffer.from(digest, 'hex')))
    expect(randomnessOf(SEED, digest, 'drand:123')).toBe(sha256(Buffer.from(SEED, 'hex'), Buffer.from(digest, 'hex'), 'drand:123'))
  })

  it('shuffles exactly as the header describes (steps 4 to 6, re-implemented with node:crypto)', () => {
    const list = apps(...Array.from({ length: 40 }, (_, i) => 1 + (i % 3)))
    const r = randomnessOf(SEED, digestOf(list))
    let words: number[] = []
    let k = 0
    const word = (): number => {
      if (words.length === 0) {
        const counter = Buffer.alloc(4)
        counter.writeUInt32BE(k++)
        const block = createHash('sha256').update(Buffer.from(r, 'hex')).update(counter).digest()
        words = Array.from({ length: 8 }, (_, i) => block.readUInt32BE(4 * i))
      }
      return words.shift()!
    }
    const uniform = (m: number): number => {
      const limit = 2 ** 32 - (2 ** 32 % m)
      for (;;) {
        const u = word()
        if (u < limit) return u % m
      }
    }
    const expected = [...list].sort((a, b) => (a.ref < b.ref ? -1 : 1))
    for (let i = expected.length - 1; i > 0; i--) {
      const j = uniform(i + 1)
      ;[expected[i], expected[j]] = [expected[j]!, expected[i]!]
    }
    expect(drawOrder(r, list)).toEqual(expected)
  })

  it('changes the draw order when one bit of the seed changes', () => {
    const list = apps(...Array.from({ length: 50 }, () => 1))
    const digest = digestOf(list)
    const flipped = SEED.slice(0, -1) + (parseInt(SEED.slice(-1), 16) ^ 1).toString(16)
    const order = drawOrder(randomnessOf(SEED, digest), list).map((a) => a.ref)
    const other = drawOrder(randomnessOf(flipped, digest), list).map((a) => a.ref)
    expect(other).not.toEqual(order)
    expect([...other].sort()).toEqual([...order].sort())
  })

  it('changes the draw order when the beacon or one application changes', () => {
    const list = apps(...Array.from({ length: 50 }, () => 1))
    const order = runDraw({ ...publication(list, 10), beacon: '' }).map((r) => r.ref)
    expect(runDraw({ ...publication(list, 10), beacon: 'round 1' }).map((r) => r.ref)).not.toEqual(order)
    const changed = list.map((a, i) => (i === 3 ? { ...a, lots: 2 } : a))
    expect(runDraw(publication(changed, 10)).map((r) => r.ref)).not.toEqual(order)
  })
})

describe('allot (step 7, SEBI retail rule)', () => {
  it('gives everyone their ask when the issue is undersubscribed', () => {
    expect(allot(apps(1, 3, 2), { allottableLots: 100, minLots: 1 })).toEqual([1, 3, 2])
  })

  it('gives everyone their ask when the asks fit exactly', () => {
    expect(allot(apps(1, 3, 2), { allottableLots: 6, minLots: 1 })).toEqual([1, 3, 2])
  })

  it('gives one applicant the whole offer when it asked for more', () => {
    expect(allot(apps(50), { allottableLots: 7, minLots: 1 })).toEqual([7])
    expect(allot(apps(5), { allottableLots: 7, minLots: 1 })).toEqual([5])
  })

  it('gives the minimum lot to the first in draw order when there are more applications than minimum lots', () => {
    expect(allot(apps(3, 1, 2, 5, 1), { allottableLots: 3, minLots: 1 })).toEqual([1, 1, 1, 0, 0])
  })

  it('shares the rest in proportion to what each asked beyond the minimum, the remainder by draw order', () => {
    // 3 applications, 10 lots: 1 each, rest 7 over excesses 4, 4, 1 (E = 9): floors 3, 3, 0 = 6; one lot
    // left goes to the first in draw order still short of its ask.
    expect(allot(apps(5, 5, 2), { allottableLots: 10, minLots: 1 })).toEqual([5, 4, 1])
    // The same asks in another draw order: the remainder follows the order.
    expect(allot(apps(2, 5, 5), { allottableLots: 10, minLots: 1 })).toEqual([2, 4, 4])
  })

  it('skips applications already at their ask when placing the remainder', () => {
    // rest 4 over excesses 0, 3, 3 (E = 6): floors 0, 2, 2 = 4: nothing left.
    expect(allot(apps(1, 4, 4), { allottableLots: 7, minLots: 1 })).toEqual([1, 3, 3])
    // rest 3 over 0, 2, 2: floors 0, 1, 1; one left: the first (at its ask) is skipped.
    expect(allot(apps(1, 3, 3), { allottableLots: 6, minLots: 1 })).toEqual([1, 3, 2])
  })

  it('counts in minimum lots when the minimum application is more than one lot', () => {
    // 10 lots, minimum 3: at most 3 allottees.
    expect(allot(apps(3, 6, 3, 9), { allottableLots: 10, minLots: 3 })).toEqual([3, 3, 3, 0])
    // 2 applications of at least 3: 3 each, rest 4 over excesses 3 and 6 (E = 9): floors 1, 2; one left to the first.
    expect(allot(apps(6, 9), { allottableLots: 10, minLots: 3 })).toEqual([5, 5])
  })

  it('allots one minimum lot to each of 28,012 winners of 957,193 applications (SEBI retail rule, CSB Bank 2019 basis of allotment)', () => {
    // CSB Bank IPO, November 2019: 2,100,906 shares for retail, market lot 75 shares, 957,193 valid retail
    // applications; the basis of allotment drew 28,012 applicants for one lot of 75 each.
    const lotSize = 75
    const allottableLots = Math.floor(2_100_906 / lotSize)
    expect(allottableLots).toBe(28_012)
    const random = createRng(2019).uniform
    const list = Array.from({ length: 957_193 }, (_, i) => ({ ref: `C${i.toString(36).padStart(5, '0')}`, lots: 1 + Math.floor(random() * 13) }))
    const results = runDraw({ seed: SEED, beacon: '', digest: digestOf(list), applications: list, allottableLots, minLots: 1 })
    const winners = results.filter((r) => r.lots > 0)
    expect(winners).toHaveLength(28_012)
    expect(winners.every((r) => r.lots === 1)).toBe(true)
    expect(winners.map((r) => r.rank)).toEqual(Array.from({ length: 28_012 }, (_, i) => i + 1))
    expect(results).toHaveLength(957_193)
  }, 60_000)

  it('handles an issue with no applications and one with fewer lots than the minimum', () => {
    expect(allot([], { allottableLots: 10, minLots: 1 })).toEqual([])
    expect(allot(apps(3, 3), { allottableLots: 2, minLots: 3 })).toEqual([0, 0])
  })

  it('works the shares out exactly when rest x excess passes 2^53', () => {
    const list = [
      { ref: 'A', lots: 1 + 2 ** 40 },
      { ref: 'B', lots: 1 + 2 ** 40 },
      { ref: 'C', lots: 1 + 2 ** 40 },
    ]
    const lots = allot(list, { allottableLots: 3 + 2 ** 20, minLots: 1 })
    expect(sum(lots)).toBe(3 + 2 ** 20)
    expect(Math.max(...lots) - Math.min(...lots)).toBeLessThanOrEqual(1)
  })
})

describe('allot (step 9, proportional placement)', () => {
  it('shares the lots in proportion to the asks, with no minimum, the remainder by draw order', () => {
    // 10 lots over asks 10, 5, 5 (total 20): 5, 2.5, 2.5 -> 5, 2, 2, one left to the first still short.
    expect(allot(apps(10, 5, 5), { allottableLots: 10, minLots: 1, basis: 'proportional' })).toEqual([6, 2, 2])
    expect(allot(apps(1, 1, 1, 1), { allottableLots: 2, minLots: 1, basis: 'proportional' })).toEqual([1, 1, 0, 0])
    expect(allot(apps(3, 4), { allottableLots: 10, minLots: 1, basis: 'proportional' })).toEqual([3, 4])
  })
})

describe('allotment properties over seeded random cases', () => {
  for (const basis of ['sebi_retail', 'proportional'] as const) {
    it(`never allots more than offered, nobody above their ask, every winner at least the minimum, ranks a permutation (${basis})`, () => {
      const random = createRng(basis === 'sebi_retail' ? 101 : 202).uniform
      const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1))
      for (let run = 0; run < 300; run++) {
        const minLots = int(1, 4)
        const n = int(0, 60)
        const list = Array.from({ length: n }, (_, i) => ({ ref: `X${run}-${i}`, lots: minLots * int(1, 5) + int(0, minLots - 1) }))
        const asked = sum(list.map((a) => a.lots))
        const allottableLots = int(0, Math.max(1, asked + 10))
        const seed = createHash('sha256').update(`case ${basis} ${run}`).digest('hex')
        const results = runDraw({ seed, beacon: '', digest: digestOf(list), applications: list, allottableLots, minLots, basis })
        const ask = new Map(list.map((a) => [a.ref, a.lots]))
        const total = sum(results.map((r) => r.lots))
        expect(total).toBeLessThanOrEqual(allottableLots)
        expect(total).toBe(basis === 'proportional' ? Math.min(allottableLots, asked) : total)
        for (const r of results) {
          expect(r.lots).toBeLessThanOrEqual(ask.get(r.ref)!)
          if (basis === 'sebi_retail' && r.lots > 0) expect(r.lots).toBeGreaterThanOrEqual(minLots)
        }
        expect(results.map((r) => r.rank)).toEqual(Array.from({ length: n }, (_, i) => i + 1))
        expect(results.map((r) => r.ref).sort()).toEqual(list.map((a) => a.ref).sort())
        // Undersubscribed: everyone their ask; oversubscribed (SEBI): nothing useful left unallotted.
        if (asked <= allottableLots) expect(results.every((r) => r.lots === ask.get(r.ref))).toBe(true)
        else if (basis === 'sebi_retail') expect(allottableLots - total).toBeLessThan(n * minLots <= allottableLots ? 1 : minLots)
      }
    })
  }
})

describe('reallocate (step 8)', () => {
  const h = (lots: number, allotted: number, eligible = true): Holding => ({ lots, allotted, eligible })

  it('gives the minimum lots to the next applications without any, in draw order', () => {
    expect(reallocate([h(2, 1), h(3, 0), h(1, 0), h(2, 0)], 2, 1)).toEqual([0, 1, 1, 0])
  })

  it('skips applications that waived, failed to pay or were cancelled', () => {
    expect(reallocate([h(2, 0, false), h(3, 0), h(1, 0)], 1, 1)).toEqual([0, 1, 0])
  })

  it('tops up one lot at a time in draw order, round after round, once everyone holds the minimum', () => {
    expect(reallocate([h(3, 1), h(1, 0), h(4, 1)], 5, 1)).toEqual([2, 1, 2])
    expect(reallocate([h(3, 1), h(2, 1), h(4, 1)], 2, 1)).toEqual([1, 1, 0])
  })

  it('leaves fewer lots than the minimum unplaced while someone still has none', () => {
    expect(reallocate([h(6, 3), h(6, 0), h(6, 0)], 4, 3)).toEqual([0, 3, 0])
  })

  it('stops when everyone holds their ask', () => {
    expect(reallocate([h(2, 1), h(1, 1)], 5, 1)).toEqual([1, 0])
  })

  it('tops up everyone when there is no minimum (a placement)', () => {
    expect(reallocate([h(2, 0), h(3, 1)], 3, 0)).toEqual([2, 1])
  })
})

describe('verifyDraw', () => {
  const list = apps(1, 2, 3, 1, 1, 2, 4, 1)
  const p = publication(list, 6)
  const result = runDraw(p)

  it('accepts an honest publication', () => {
    const check = verifyDraw(p, result)
    expect(check).toMatchObject({ algorithmKnown: true, commitmentMatches: true, digestMatches: true, mismatches: [] })
    expect(check.results).toEqual(result)
  })

  it('flags a tampered result: a changed allotment, a changed rank, a missing or an extra application', () => {
    const moreLots = result.map((r, i) => (i === 0 ? { ...r, lots: r.lots + 1 } : r))
    expect(verifyDraw(p, moreLots).mismatches).toEqual([result[0]!.ref])
    const swapped = result.map((r, i) => (i === 0 ? { ...r, rank: 2 } : i === 1 ? { ...r, rank: 1 } : r))
    expect(verifyDraw(p, swapped).mismatches).toEqual([result[0]!.ref, result[1]!.ref])
    expect(verifyDraw(p, result.slice(1)).mismatches).toEqual([result[0]!.ref])
    expect(verifyDraw(p, [...result, { ref: 'ZZZ', rank: 9, lots: 1 }]).mismatches).toEqual(['ZZZ'])
    // A reference listed twice, once as the re-run has it and once not.
    const loser = result.find((r) => r.lots === 0)!
    expect(verifyDraw(p, [{ ...loser, lots: 1 }, ...result]).mismatches).toEqual([loser.ref])
  })

  it('flags a commitment that is not sha256 of the revealed seed', () => {
    const other = 'ff' + SEED.slice(2)
    expect(verifyDraw({ ...p, seed: other }, runDraw({ ...p, seed: other })).commitmentMatches).toBe(false)
    expect(verifyDraw({ ...p, commitment: sha256(SEED) }, result).commitmentMatches).toBe(false)
  })

  it('flags a digest that is not the digest of the published list', () => {
    const added = [...list, { ref: 'R9999999', lots: 1 }]
    const check = verifyDraw({ ...p, applications: added }, result)
    expect(check.digestMatches).toBe(false)
    expect(check.mismatches).toContain('R9999999')
  })

  it('flags an unknown algorithm name', () => {
    expect(verifyDraw({ ...p, algorithm: 'tijori-draw-v0' }, result).algorithmKnown).toBe(false)
  })
})
