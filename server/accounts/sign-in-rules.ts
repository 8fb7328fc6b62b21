/**
 * Daily sign-in: once per India calendar day (DESIGN.md section 4), whatever the device's zone.
 */
import { indiaDay } from '../../src/lib/dates'
import { DomainRefusal } from '../http/refusal'

/** The day a sign-in at `now` counts for: the India day, `YYYY-MM-DD`. */
export function signInDay(now: number): string {
  return indiaDay(now)
}

export function alreadySignedIn(day: string): DomainRefusal {
  return new DomainRefusal('already_signed_in', { day }, `You have already signed in today (${day}).`)
}

export type SignInStatus = { count: number; lastDay: string | null; today: boolean }

export function signInStatus(count: number, lastDay: string | null, now: number): SignInStatus {
  return { count, lastDay, today: lastDay !== null && lastDay === signInDay(now) }
}
