/**
 * Seeded randomness for the simulated exchange. Every number the feed shows must come out the
 * same on every machine and every run, so that a backfilled year and the live stream agree, and
 * anyone can re-run the simulation and check it. Hence:
 * - no Math.random; a 32-bit generator (mulberry32) driven only by Math.imul and shifts, which are
 *   exact integer operations;
 * - no Math.log / Math.cos / Math.exp: ECMA-262 calls them "implementation-approximated", so two
 *   engines may differ in the last bit. The normal variates use Marsaglia's polar form of
 *   Box-Muller, which needs only a logarithm and a square root; the logarithm below is built from
 *   +, -, *, / (each rounded exactly by IEEE-754) and Math.sqrt is exact by the same standard.
 */

const UINT32 = 0x1_0000_0000

/** Murmur3's 32-bit finaliser: spreads every input bit over the output. */
function fmix32(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85eb_ca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2_ae35)
  h ^= h >>> 16
  return h >>> 0
}

/**
 * A 32-bit seed from any mix of numbers and strings (FNV-1a over the parts, then fmix32), so a
 * stream can be named by what it is for: `hashSeed(seed, 'RELIANCE', '2026-03-02')`. Numbers are
 * hashed by their decimal text, so only their value matters.
 */
export function hashSeed(...parts: readonly (string | number)[]): number {
  let h = 0x811c_9dc5
  for (const part of parts) {
    const text = typeof part === 'number' ? String(part) : part
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i)
      h = Math.imul(h, 0x0100_0193)
    }
    // A separator, so ('ab', 'c') and ('a', 'bc') are different streams.
    h ^= 0xff
    h = Math.imul(h, 0x0100_0193)
  }
  return fmix32(h)
}

/** mulberry32 (Tommy Ettinger): a tiny generator with a 2^32 period, plenty for one day's stream. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b_79f5) >>> 0
    let z = state
    z = Math.imul(z ^ (z >>> 15), z | 1)
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61)
    return (z ^ (z >>> 14)) >>> 0
  }
}

const LN2 = 0.6931471805599453
const SQRT2 = 1.4142135623730951

/**
 * Natural logarithm of a positive finite number from exact operations only (see the module
 * comment). x = m * 2^e with m in [sqrt(1/2), sqrt(2)) — halving and doubling are exact — then
 * ln m = 2 artanh(s), s = (m - 1) / (m + 1), |s| < 0.172, whose series is summed to below 1 ulp.
 */
export function ln(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) throw new RangeError(`ln needs a positive finite number, got ${x}`)
  let m = x
  let e = 0
  while (m >= SQRT2) {
    m /= 2
    e++
  }
  while (m < SQRT2 / 2) {
    m *= 2
    e--
  }
  const s = (m - 1) / (m + 1)
  const s2 = s * s
  // Horner form of s * (1 + s^2/3 + s^4/5 + ... + s^22/23); the next term is below 2^-60.
  let sum = 1 / 23
  for (let k = 21; k >= 1; k -= 2) sum = 1 / k + s2 * sum
  return e * LN2 + 2 * s * sum
}

/** A seeded source of uniform and normal numbers. */
export type Rng = {
  /** A whole number in [0, 2^32). */
  uint32(): number
  /** A number in (0, 1): never 0, so it can go into a logarithm. */
  uniform(): number
  /** A standard normal variate (mean 0, variance 1). */
  normal(): number
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed)
  // The polar method yields normals in pairs; the second waits here for the next call.
  let spare: number | null = null
  const uniform = (): number => (next() + 0.5) / UINT32
  return {
    uint32: next,
    uniform,
    normal() {
      if (spare !== null) {
        const value = spare
        spare = null
        return value
      }
      for (;;) {
        const v1 = 2 * uniform() - 1
        const v2 = 2 * uniform() - 1
        const s = v1 * v1 + v2 * v2
        if (s >= 1 || s === 0) continue
        const factor = Math.sqrt((-2 * ln(s)) / s)
        spare = v2 * factor
        return v1 * factor
      }
    },
  }
}

/**
 * The stream for one purpose on one day of one instrument: deterministic per (seed, parts...),
 * independent of the order in which instruments or days are generated.
 */
export function rngFor(seed: number, ...parts: readonly (string | number)[]): Rng {
  return createRng(hashSeed(seed, ...parts))
}
