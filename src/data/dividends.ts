/**
 * Dividends (issue 10). Stored: db.meta `dividends:<account>` = the latest entitlements of the
 * account's positions (/dividend/list), each with its arithmetic. Applying for one goes through
 * the outbox (kind 'dividend.apply'), so a tap made offline is sent once when back online.
 */
import { type DividendEntitlement } from '../contract/replies'
import { type OutboxItem, metaKeys } from './db'
import { enqueue } from './outbox'
import { refreshAccountList } from './sync'

export type { DividendEntitlement }

export const dividendsKey = metaKeys.dividends

/** Fetches the entitlements into db.meta. Quiet offline. */
export function refreshDividends(opts: { fresh?: boolean } = {}): Promise<DividendEntitlement[] | undefined> {
  return refreshAccountList<DividendEntitlement[]>(dividendsKey, '/dividend/list', opts)
}

/** Queues an application for an unclaimed dividend; the review decides it, the amount never changes. */
export function applyForDividend(id: number): Promise<OutboxItem> {
  return enqueue('dividend.apply', { id })
}

/** The effect of outbox kind 'dividend.apply' (outboxKinds.ts): the list is fetched again. */
export async function afterDividendApplied(): Promise<void> {
  await refreshDividends({ fresh: true })
}
