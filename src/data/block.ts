/**
 * Block trades (issue 11). Stored in db.meta:
 * - `block-offerings`: the offerings at every stage, as /block/list sends them (the same for
 *   everyone, so the device's, not an account's); /block/detail replaces one of them in place;
 * - `blockApplications:<account>`: the account's applications (/block/records).
 * Applying goes through the outbox (kind 'block.apply'), so a tap made offline is sent once, with
 * its key, when the network is back; the server decides with the rules it publishes. The
 * allocation's draw is fetched fresh each time and never stored: a verifier should not trust a
 * cached copy.
 */
import { type BlockApplication, type BlockOffering, type IpoDraw } from '../contract/replies'
import { call } from './api'
import { db, metaKeys, type OutboxItem, readMeta } from './db'
import { restoreAccountMeta, restoreDeviceMeta } from './metaValues'
import { enqueue } from './outbox'
import { offlineIsFine, refresh, refreshAccountList, refreshUserInfo } from './sync'

export type { BlockApplication, BlockOffering }

export const offeringsKey = metaKeys.blockOfferings
export const offeringKey = metaKeys.blockOffering
export const blockApplicationsKey = metaKeys.blockApplications

/** Every offering the list shows at once: the newest hundred. */
const LIST_SIZE = 100

/** Fetches the offerings into db.meta. Quiet offline. */
export function refreshOfferings(opts: { fresh?: boolean } = {}): Promise<BlockOffering[] | undefined> {
  return offlineIsFine(
    refresh(
      offeringsKey,
      async () => {
        const { data } = await call<{ data: BlockOffering[] }>('/block/list', { page: 1, size: LIST_SIZE })
        // A short page is the whole list; a full one may have left older offerings out, and
        // those already stored (read alone through /block/detail) stay.
        await db.transaction('rw', db.meta, async () => {
          const listed = new Set(data.map((o) => o.id))
          const kept = data.length < LIST_SIZE ? [] : ((await storedOfferings()) ?? []).filter((o) => !listed.has(o.id))
          await db.meta.put({ key: offeringsKey, value: [...data, ...kept], updatedAt: Date.now() })
        })
        return data
      },
      opts,
    ),
  )
}

/** Fetches one offering (/block/detail) into the stored list, replacing its row. Quiet offline. */
export function refreshOffering(id: number, opts: { fresh?: boolean } = {}): Promise<BlockOffering | undefined> {
  return offlineIsFine(
    refresh(
      offeringKey(id),
      async () => {
        const offering = await call<BlockOffering>('/block/detail', { id })
        await db.transaction('rw', db.meta, async () => {
          const stored = (await storedOfferings()) ?? []
          const at = stored.findIndex((o) => o.id === offering.id)
          const next = at < 0 ? [offering, ...stored] : stored.map((o) => (o.id === offering.id ? offering : o))
          await db.meta.put({ key: offeringsKey, value: next, updatedAt: Date.now() })
        })
        return offering
      },
      opts,
    ),
  )
}

/** The stored offerings; null when never fetched on this device. Live-query friendly. */
export function storedOfferings(): Promise<BlockOffering[] | null> {
  return readMeta(offeringsKey, restoreDeviceMeta.blockOfferings)
}

/** Fetches the account's applications into db.meta. Quiet offline. */
export function refreshBlockApplications(opts: { fresh?: boolean } = {}): Promise<BlockApplication[] | undefined> {
  return refreshAccountList<BlockApplication[]>(blockApplicationsKey, '/block/records', { ...opts, body: { page: 1, size: LIST_SIZE } })
}

/** The stored applications of `account`; null when never fetched here. Live-query friendly. */
export function storedBlockApplications(account: string): Promise<BlockApplication[] | null> {
  return readMeta(blockApplicationsKey(account), restoreAccountMeta.blockApplications)
}

/** Queues an application for `shares` shares (whole lots) of offering `id`; money is frozen when the server takes it. */
export function applyBlock(id: number, shares: number): Promise<OutboxItem> {
  return enqueue('block.apply', { id, shares })
}

/** The effect of 'block.apply' (outboxKinds.ts): applications, balances and the offerings' counts fetched again. */
export async function afterBlockChange(): Promise<void> {
  await Promise.all([refreshBlockApplications({ fresh: true }), refreshUserInfo({ fresh: true }), refreshOfferings({ fresh: true })])
}

/** The allocation's remainder draw of offering `id` as /block/draw publishes it (public), fresh from the server. */
export function fetchBlockDraw(id: number): Promise<IpoDraw> {
  return call<IpoDraw>('/block/draw', { id })
}
