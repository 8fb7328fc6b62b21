/**
 * VIP levels (issue 12). Stored in db.meta, per account:
 * - `vipInfo:<account>`: the account's /vip/info as last fetched — the level the server's job last
 *   set and its handling-fee discount, the measure (traded value in the window) at that moment,
 *   the next level and what remains to it, when a downgrade would come, the published levels and
 *   the recent level changes.
 * Nothing is sent from here: a level is earned by trading, never asked for. The order form reads
 * the stored discount so its cost preview takes the same handlingFee the server charges with.
 */
import { type VipChange, type VipInfo, type VipLevel } from '../contract/replies'
import { call } from './api'
import { db, metaKeys, readMeta } from './db'
import { restoreAccountMeta } from './metaValues'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh } from './sync'

export type { VipChange, VipInfo, VipLevel }

export const vipInfoKey = metaKeys.vipInfo

/** Fetches the signed-in account's /vip/info into db.meta. Quiet offline; undefined when signed out or offline. */
export async function refreshVipInfo(opts: { fresh?: boolean } = {}): Promise<VipInfo | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  return offlineIsFine(
    refresh(
      vipInfoKey(account),
      async () => {
        const info = await call<VipInfo>('/vip/info', {})
        // The user may have signed out while the request was out; do not bring their data back.
        if (getSession()?.account === account) await db.meta.put({ key: vipInfoKey(account), value: info, updatedAt: Date.now() })
        return info
      },
      opts,
    ),
  )
}

/** The stored /vip/info of `account`; null when never fetched here. Live-query friendly. */
export function storedVipInfo(account: string): Promise<VipInfo | null> {
  return readMeta(vipInfoKey(account), restoreAccountMeta.vipInfo)
}
