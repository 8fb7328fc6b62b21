/**
 * Deposits (issue 4). Stored in db.meta, per account:
 * - `rechargeChannels:<account>` where to send the money: bank transfer, UPI, USDT
 *                                (/user/rechargeChannels), so the details show offline too;
 * - `recharges:<account>`        the latest requests and their reviews (/user/rechargeList).
 * A request is sent at once and never queued: its receipt picture (up to 5 MB) should not sit on
 * the device for days, and the reviewer wants it while the transfer is fresh.
 */
import { type Recharge, type RechargeChannel, type Upload } from '../contract/replies'
import { call } from './api'
import { db, metaKeys, readMeta } from './db'
import { restoreAccountMeta } from './metaValues'
import { refreshFundRecords } from './fundRecords'
import { toBase64 } from './identity'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh, refreshUserInfo, refreshAccountList } from './sync'

export type { Recharge, RechargeChannel }

export type RechargeInput = { channel: string; amount: number; receipt: Blob }

export const rechargeChannelsKey = metaKeys.rechargeChannels

export const rechargesKey = metaKeys.recharges

/** Fetches the published channels into db.meta. Quiet offline. */
export async function refreshRechargeChannels(opts: { fresh?: boolean } = {}): Promise<RechargeChannel[] | undefined> {
  return refreshAccountList<RechargeChannel[]>(rechargeChannelsKey, '/user/rechargeChannels', opts)
}

/**
 * Fetches the requests into db.meta. Quiet offline. When one that was pending here has been
 * approved since, the balance and the fund records are fetched too, so the credit shows at once.
 */
export async function refreshRecharges(opts: { fresh?: boolean } = {}): Promise<Recharge[] | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  return offlineIsFine(
    refresh(
      rechargesKey(account),
      async () => {
        const { data } = await call<{ data: Recharge[] }>('/user/rechargeList')
        if (getSession()?.account !== account) return data
        const before = (await readMeta(rechargesKey(account), restoreAccountMeta.recharges)) ?? []
        await db.meta.put({ key: rechargesKey(account), value: data, updatedAt: Date.now() })
        const wasPending = new Set(before.filter((r) => r.status === 'pending').map((r) => r.id))
        if (data.some((r) => r.status === 'approved' && wasPending.has(r.id))) {
          await Promise.all([refreshUserInfo({ fresh: true }), refreshFundRecords()])
        }
        return data
      },
      opts,
    ),
  )
}

/**
 * Uploads the receipt, then asks for the deposit to be credited after review. `attemptKey` is
 * one per form attempt (the same input sent again reuses it, so a retry after a lost reply
 * records one deposit). Throws ApiRefusal with the rule that refused, NetworkError offline.
 */
export async function requestRecharge(input: RechargeInput, attemptKey: string): Promise<Recharge> {
  const data = await toBase64(input.receipt)
  const receipt = await call<Upload>('/user/upload', { kind: 'receipt', data }, { idempotencyKey: `${attemptKey}:receipt`, silent: true })
  const recharge = await call<Recharge>(
    '/user/recharge',
    { channel: input.channel, amount: input.amount, receiptUploadId: receipt.id },
    { idempotencyKey: attemptKey, silent: true },
  )
  await refreshRecharges({ fresh: true })
  return recharge
}
