import { describe, expect, it } from 'vitest'
import { loadConfig, parseProfile, publishedConfig } from '../../server/config'
import { CONFIG_NAMES } from '../../src/contract/config'

describe('server config', () => {
  it('reads the profile, demo by default', () => {
    expect(parseProfile(undefined)).toBe('demo')
    expect(parseProfile('production')).toBe('production')
    expect(() => parseProfile('staging')).toThrow(/TIJORI_PROFILE/)
  })

  it('keeps the demo invite code private in production', () => {
    const names = publishedConfig(loadConfig('production')).map((i) => i.name)
    expect(names).not.toContain('demo_invite_code')
    expect(publishedConfig(loadConfig('production')).find((i) => i.name === 'profile')?.value).toBe('production')
  })

  it('publishes every name the contract declares, once each (src/contract/config.ts)', () => {
    const names = publishedConfig(loadConfig('demo')).map((i) => i.name)
    expect(new Set(names).size).toBe(names.length)
    expect([...names].sort()).toEqual([...CONFIG_NAMES].sort())
  })

  it('gives clients a day more than the 7 days they keep queued work', () => {
    expect(loadConfig().idempotencyTtlSeconds).toBe(8 * 24 * 3600)
  })
})
