import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../../../server/accounts/password-hash'

describe('password hashing', () => {
  it('uses argon2id at the OWASP minimum and verifies', async () => {
    const stored = await hashPassword('demo1234')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(stored, 'demo1234')).toBe(true)
    expect(await verifyPassword(stored, 'demo1235')).toBe(false)
    expect(await hashPassword('demo1234')).not.toBe(stored) // salted
  })

  it('treats a malformed stored hash as no match', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false)
  })
})
