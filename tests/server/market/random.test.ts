import { describe, expect, it } from 'vitest'
import { createRng, hashSeed, ln, mulberry32, rngFor } from '../../../server/market/random'

describe('seeded randomness', () => {
  it('gives mulberry32 its published first outputs for seed 1', () => {
    const next = mulberry32(1)
    // 2693262067 / 2^32 = 0.6270739405881613, the value usually quoted for mulberry32(1).
    expect([next(), next(), next(), next()]).toEqual([2693262067, 11749833, 2265367787, 4213581821])
  })

  it('draws the same normal variates from the same seed, on any machine', () => {
    const rng = createRng(42)
    expect([rng.normal(), rng.normal(), rng.normal(), rng.normal()]).toEqual([
      2.167890817024171, -1.1087661910880353, 0.8926004558537846, 0.4298422304083264,
    ])
  })

  it('names streams by their purpose, so different parts give different streams', () => {
    expect(hashSeed(42, 'RELIANCE', '2026-03-02')).toBe(1977451238)
    expect(hashSeed('ab', 'c')).not.toBe(hashSeed('a', 'bc'))
    expect(rngFor(1, 'RELIANCE', '2026-03-02').uint32()).not.toBe(rngFor(1, 'RELIANCE', '2026-03-03').uint32())
    expect(rngFor(1, 'TCS', 'x').uint32()).toBe(rngFor(1, 'TCS', 'x').uint32())
  })

  it('keeps uniforms strictly inside (0, 1)', () => {
    const rng = createRng(3)
    for (let i = 0; i < 10_000; i++) {
      const u = rng.uniform()
      expect(u > 0 && u < 1).toBe(true)
    }
  })

  it('draws normals with mean 0 and variance 1', () => {
    const rng = createRng(9)
    const n = 200_000
    let sum = 0
    let squares = 0
    for (let i = 0; i < n; i++) {
      const z = rng.normal()
      sum += z
      squares += z * z
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.01)
    expect(Math.abs(squares / n - 1)).toBeLessThan(0.01)
  })

  it('computes the logarithm from exact operations to within a few ulps of Math.log', () => {
    expect(ln(1)).toBe(0)
    expect(ln(2)).toBe(0.6931471805599453)
    for (const x of [1e-12, 0.001, 0.3, 0.7071, 0.99, 1.5, 2.9, 1000, 123456.789]) {
      expect(Math.abs(ln(x) - Math.log(x))).toBeLessThanOrEqual(4 * Number.EPSILON * Math.max(1, Math.abs(Math.log(x))))
    }
    expect(() => ln(0)).toThrow(RangeError)
    expect(() => ln(-1)).toThrow(RangeError)
  })
})
