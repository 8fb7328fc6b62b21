/**
 * Refusals only customer service can lift (a flag the back office set): wherever one is shown,
 * the reader gets a way to /home/kefuCenter. Tiny and type-only, so the first route can use it.
 */
import { type RefusalCode } from '../contract/refusals'

const CODES: readonly RefusalCode[] = ['account_frozen', 'account_disabled', 'login_banned']
const SET: ReadonlySet<string> = new Set(CODES)

export function onlySupportCanLift(code: string | null | undefined): boolean {
  return code != null && SET.has(code)
}
