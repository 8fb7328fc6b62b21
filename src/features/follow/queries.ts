/** Reads of the copy-trading screens from Dexie, one useLiveQuery each, and the refresh while one is open. */
import { useEffect } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import {
  type FollowDetail,
  type FollowInvestment,
  type FollowProduct,
  type FollowStrategy,
  detailKey,
  investmentsKey,
  productsKey,
  storedDetail,
  storedInvestments,
  storedProducts,
  storedStrategies,
  strategiesKey,
} from '../../data/follow'
import { type OutboxItem } from '../../data/db'
import { pendingItems } from '../../data/outbox'
import { useLastSynced } from '../../app/queries'

/** Every product as last fetched; null when never fetched here. */
export function useProducts(): FollowProduct[] | null | undefined {
  return useLiveQuery(() => storedProducts(), [])
}

export function useProductsSynced(): number | null | undefined {
  return useLastSynced(productsKey)
}

/** The strategies as last fetched; null when never fetched here. */
export function useStrategies(): FollowStrategy[] | null | undefined {
  return useLiveQuery(() => storedStrategies(), [])
}

export function useStrategiesSynced(): number | null | undefined {
  return useLastSynced(strategiesKey)
}

/** One product's detail as last fetched; null when never fetched here. */
export function useDetail(id: number): FollowDetail | null | undefined {
  return useLiveQuery(() => storedDetail(id), [id])
}

export function useDetailSynced(id: number): number | null | undefined {
  return useLastSynced(detailKey(id))
}

/** The account's investments as last fetched, newest first; null when never fetched here. */
export function useInvestments(account: string | null | undefined): FollowInvestment[] | null | undefined {
  return useLiveQuery(async () => (account ? storedInvestments(account) : null), [account])
}

export function useInvestmentsSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? investmentsKey(account) : null)
}

/** Investments and redemptions queued on this device and not answered yet. */
export function useQueuedFollow(account: string | null | undefined): OutboxItem[] | undefined {
  return useLiveQuery(async () => (account ? pendingItems(account, ['follow.invest', 'follow.redeem']) : []), [account])
}

/**
 * Runs `load` again every `ms` while the screen is open and the page visible: "NAV now" marks the
 * strategy's holdings to the latest quote, so it moves during the day. Offline the refreshers are
 * quiet and the screen keeps what Dexie has.
 */
export function useRefreshEvery(load: () => Promise<unknown>, ms: number, key: string = ''): void {
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void load().catch(() => undefined)
    }, ms)
    return () => clearInterval(timer)
    // `load` is a fresh closure each render; the key says when it means something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ms, key])
}
