/** Reads of the login area from Dexie. */
import { useConfig } from '../../app/queries'

/** The published site title; "Tijori" is also the app's name, so it is the fallback. */
export function useSiteTitle(): string {
  return useConfig('site_title') ?? 'Tijori'
}

/** The demo invitation code, published only by the demo profile. */
export function useDemoInviteCode(): string | null {
  return useConfig('demo_invite_code') ?? null
}
