/** Reads of the login area from Dexie. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from '../../data/db'

/** The published site title; "Tijori" is also the app's name, so it is the fallback. */
export function useSiteTitle(): string {
  return useLiveQuery(async () => (await db.config.get('site_title'))?.value) ?? 'Tijori'
}

/** The demo invitation code, published only by the demo profile. */
export function useDemoInviteCode(): string | null {
  return useLiveQuery(async () => (await db.config.get('demo_invite_code'))?.value ?? null) ?? null
}
