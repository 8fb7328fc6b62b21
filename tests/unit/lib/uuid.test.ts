import { afterEach, describe, expect, it, vi } from 'vitest'
import { randomUuid } from '../../../src/lib/uuid'

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('randomUuid', () => {
  it('gives a v4 UUID', () => {
    expect(randomUuid()).toMatch(V4)
  })

  it('still gives v4 UUIDs where crypto.randomUUID is missing (http on a LAN address)', () => {
    const real = globalThis.crypto
    const getRandomValues = vi.fn((array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array))
    vi.stubGlobal('crypto', { getRandomValues })
    const keys = new Set(Array.from({ length: 50 }, () => randomUuid()))
    for (const key of keys) expect(key).toMatch(V4)
    expect(keys.size).toBe(50)
    expect(getRandomValues).toHaveBeenCalledTimes(50)
  })
})
