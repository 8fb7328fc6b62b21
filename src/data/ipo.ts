/**
 * New shares (issue 10): IPOs and placements. Stored in db.meta:
 * - `ipo-issues:<kind>`: the issues of that kind at every stage, newest window first
 *   (/newStock/list; the same for everyone, so the device's, not an account's);
 * - `ipoApplications:<account>`: the account's applications (/newStock/records).
 * Applying, paying and waiving go through the outbox (kinds 'ipo.subscribe', 'ipo.pay',
 * 'ipo.waive'), so a tap made offline is sent once, with its key, when the network is back; the
 * server decides with the rules it publishes. A draw is fetched fresh each time and never stored:
 * a verifier should not trust a cached copy.
 */
import { type IpoApplication, type IpoDraw, type IpoIssue, type IpoKind } from '../contract/replies'
import { call } from './api'
import { db, metaKeys, type OutboxItem, readMeta } from './db'
import { restoreAccountMeta, restoreDeviceMeta } from './metaValues'
import { enqueue } from './outbox'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh, refreshAccountList, refreshUserInfo } from './sync'

export type { IpoApplication, IpoDraw, IpoIssue, IpoKind }

export const issuesKey = metaKeys.ipoIssues
export const applicationsKey = metaKeys.ipoApplications

/** Every issue the list shows at once: the newest hundred of each kind. */
const LIST_SIZE = 100

/** Fetches the issues of `kind` into db.meta. Quiet offline. */
export async function refreshIssues(kind: IpoKind, opts: { fresh?: boolean } = {}): Promise<IpoIssue[] | undefined> {
  const key = issuesKey(kind)
  return offlineIsFine(
    refresh(
      key,
      async () => {
        const { data } = await call<{ data: IpoIssue[] }>('/newStock/list', { kind, size: LIST_SIZE })
        await db.meta.put({ key, value: data, updatedAt: Date.now() })
        return data
      },
      opts,
    ),
  )
}

/** The stored issues of `kind`; null when never fetched on this device. Live-query friendly. */
export function storedIssues(kind: IpoKind): Promise<IpoIssue[] | null> {
  return readMeta(issuesKey(kind), restoreDeviceMeta.ipoIssues)
}

/** Fetches the account's applications into db.meta. Quiet offline. */
export function refreshApplications(opts: { fresh?: boolean } = {}): Promise<IpoApplication[] | undefined> {
  return refreshAccountList<IpoApplication[]>(applicationsKey, '/newStock/records', { ...opts, body: { size: LIST_SIZE } })
}

/** The stored applications of `account`; null when never fetched here. Live-query friendly. */
export function storedApplications(account: string): Promise<IpoApplication[] | null> {
  return readMeta(applicationsKey(account), restoreAccountMeta.ipoApplications)
}

/** Queues an application for `lots` whole lots of issue `id`. */
export function subscribe(id: number, lots: number): Promise<OutboxItem> {
  return enqueue('ipo.subscribe', { id, lots })
}

/** Queues paying what an allotment owes. */
export function payAllotment(applicationId: number): Promise<OutboxItem> {
  return enqueue('ipo.pay', { id: applicationId })
}

/** Queues giving up an allotment's unpaid lots (they go to the next applications in draw order). */
export function waiveAllotment(applicationId: number): Promise<OutboxItem> {
  return enqueue('ipo.waive', { id: applicationId })
}

/** The effect of the 'ipo.*' outbox kinds (outboxKinds.ts): applications, balances and counts fetched again. */
export async function afterIpoChange(): Promise<void> {
  await Promise.all([refreshApplications({ fresh: true }), refreshUserInfo({ fresh: true }), refreshIssues('ipo', { fresh: true }), refreshIssues('placement', { fresh: true })])
}

/**
 * The draw of issue `id` as /newStock/draw publishes it, and the issue itself (its draw time, for
 * the screen before the draw) when signed in: /newStock/draw is public, /newStock/detail is not,
 * and asking it without a session would end in the login screen.
 */
export async function fetchIssueDraw(id: number): Promise<{ draw: IpoDraw; issue: IpoIssue | null }> {
  const [draw, issue] = await Promise.all([
    call<IpoDraw>('/newStock/draw', { id }),
    getSession() ? call<IpoIssue>('/newStock/detail', { id }, { silent: true }).catch(() => null) : Promise.resolve(null),
  ])
  return { draw, issue }
}
