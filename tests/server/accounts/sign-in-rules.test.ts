import { describe, expect, it } from 'vitest'
import { alreadySignedIn, signInDay, signInStatus } from '../../../server/accounts/sign-in-rules'

describe('daily sign-in day', () => {
  it('switches day at midnight India time, 18:30 UTC', () => {
    expect(signInDay(Date.parse('2026-01-10T18:29:00Z'))).toBe('2026-01-10')
    expect(signInDay(Date.parse('2026-01-10T18:31:00Z'))).toBe('2026-01-11')
  })

  it('reports whether today is done', () => {
    const now = Date.parse('2026-01-10T10:00:00Z')
    expect(signInStatus(3, '2026-01-10', now)).toEqual({ count: 3, lastDay: '2026-01-10', today: true })
    expect(signInStatus(3, '2026-01-09', now).today).toBe(false)
    expect(signInStatus(0, null, now).today).toBe(false)
  })

  it('names the day in the refusal', () => {
    expect(alreadySignedIn('2026-01-10')).toMatchObject({ code: 'already_signed_in', params: { day: '2026-01-10' } })
  })
})
