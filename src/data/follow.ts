/**
 * Copy-trading (issue 11): products that follow a strategy the server runs on the feed. Stored in
 * db.meta:
 * - `follow-products`: every product (/follow/list), with its NAV now and measured metrics;
 * - `follow-strategies`: the strategies (/follow/strategies) with their rule's parameters;
 * - `follow-detail:<id>`: one product with its trades and daily NAV (/follow/detail);
 *   these three are the same for everyone, so the device's, not an account's;
 * - `followInvestments:<account>`: the account's investments (/follow/records).
 * Investing and redeeming go through the outbox (kinds 'follow.invest', 'follow.redeem'), so a tap
 * made offline is sent once, with its key, when the network is back; the server prices it at its
 * NAV then, by the rules it publishes.
 */
import { type FollowDetail, type FollowInvestment, type FollowProduct, type FollowStrategy } from '../contract/replies'
import { ApiRefusal, call } from './api'
import { db, metaKeys, type OutboxItem, readMeta } from './db'
import { restoreAccountMeta, restoreDeviceMeta } from './metaValues'
import { enqueue } from './outbox'
import { offlineIsFine, refresh, refreshAccountList, refreshUserInfo } from './sync'

export type { FollowDetail, FollowInvestment, FollowProduct, FollowStrategy }

export const productsKey = metaKeys.followProducts
export const strategiesKey = metaKeys.followStrategies
export const detailKey = metaKeys.followDetail
export const investmentsKey = metaKeys.followInvestments

/** Every product or investment the screens show at once. */
const LIST_SIZE = 100

/** Fetches every product into db.meta. Quiet offline. */
export function refreshProducts(opts: { fresh?: boolean } = {}): Promise<FollowProduct[] | undefined> {
  return offlineIsFine(
    refresh(
      productsKey,
      async () => {
        const { data } = await call<{ data: FollowProduct[] }>('/follow/list', { page: 1, size: LIST_SIZE })
        await db.meta.put({ key: productsKey, value: data, updatedAt: Date.now() })
        return data
      },
      opts,
    ),
  )
}

/** The stored products; null when never fetched on this device. Live-query friendly. */
export function storedProducts(): Promise<FollowProduct[] | null> {
  return readMeta(productsKey, restoreDeviceMeta.followProducts)
}

/** Fetches the strategies into db.meta. Quiet offline. */
export function refreshStrategies(opts: { fresh?: boolean } = {}): Promise<FollowStrategy[] | undefined> {
  return offlineIsFine(
    refresh(
      strategiesKey,
      async () => {
        const { data } = await call<{ data: FollowStrategy[] }>('/follow/strategies', {})
        await db.meta.put({ key: strategiesKey, value: data, updatedAt: Date.now() })
        return data
      },
      opts,
    ),
  )
}

/** The stored strategies; null when never fetched on this device. Live-query friendly. */
export function storedStrategies(): Promise<FollowStrategy[] | null> {
  return readMeta(strategiesKey, restoreDeviceMeta.followStrategies)
}

/**
 * Fetches one product's detail into db.meta. Quiet offline; follow_not_found removes the local
 * copy (a product the server no longer has must not keep showing), then rethrows.
 */
export function refreshDetail(id: number, opts: { fresh?: boolean } = {}): Promise<FollowDetail | undefined> {
  const key = detailKey(id)
  return offlineIsFine(
    refresh(
      key,
      async () => {
        let detail: FollowDetail
        try {
          detail = await call<FollowDetail>('/follow/detail', { id }, { silent: true })
        } catch (error) {
          if (error instanceof ApiRefusal && error.code === 'follow_not_found') await db.meta.delete(key)
          throw error
        }
        await db.meta.put({ key, value: detail, updatedAt: Date.now() })
        return detail
      },
      opts,
    ),
  )
}

/** The stored detail of product `id`; null when never fetched here. Live-query friendly. */
export function storedDetail(id: number): Promise<FollowDetail | null> {
  return readMeta(detailKey(id), restoreDeviceMeta.followDetail)
}

/** Fetches the account's investments into db.meta. Quiet offline. */
export function refreshInvestments(opts: { fresh?: boolean } = {}): Promise<FollowInvestment[] | undefined> {
  return refreshAccountList<FollowInvestment[]>(investmentsKey, '/follow/records', { ...opts, body: { page: 1, size: LIST_SIZE } })
}

/** The stored investments of `account`; null when never fetched here. Live-query friendly. */
export function storedInvestments(account: string): Promise<FollowInvestment[] | null> {
  return readMeta(investmentsKey(account), restoreAccountMeta.followInvestments)
}

/** Queues investing `amount` paise in product `id`, with an optional copy stop-loss (percent of the amount). */
export function invest(id: number, amount: number, stopLossPercent?: number): Promise<OutboxItem> {
  return enqueue('follow.invest', stopLossPercent === undefined ? { id, amount } : { id, amount, stopLossPercent })
}

/** Queues redeeming investment `investmentId` at the NAV when the server takes it. */
export function redeem(investmentId: number): Promise<OutboxItem> {
  return enqueue('follow.redeem', { id: investmentId })
}

/** The effect of the 'follow.*' outbox kinds (outboxKinds.ts): investments, balances and products fetched again. */
export async function afterFollowChange(): Promise<void> {
  await Promise.all([refreshInvestments({ fresh: true }), refreshUserInfo({ fresh: true }), refreshProducts({ fresh: true })])
}
