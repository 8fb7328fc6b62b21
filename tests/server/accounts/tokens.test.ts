import { describe, expect, it } from 'vitest'
import { hashSessionToken, INVITE_CODE_LENGTH, newInviteCode, newSessionToken, sha256Hex } from '../../../server/accounts/tokens'

describe('tokens', () => {
  it('makes 32-byte session tokens and stores only their sha256', () => {
    const { token, tokenHash } = newSessionToken()
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(tokenHash).toBe(hashSessionToken(token))
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(tokenHash).not.toContain(token)
    expect(newSessionToken().token).not.toBe(token)
  })

  it('hashes like sha256', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('makes invite codes without look-alike characters', () => {
    for (let i = 0; i < 200; i++) expect(newInviteCode()).toMatch(new RegExp(`^[A-HJ-NP-Z2-9]{${INVITE_CODE_LENGTH}}$`))
  })
})
