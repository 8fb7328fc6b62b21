/** Reads of the dividends screen from Dexie. */
import { useLiveQuery } from 'dexie-react-hooks'
import { readMeta } from '../../data/db'
import { restoreAccountMeta } from '../../data/metaValues'
import { type DividendEntitlement, dividendsKey } from '../../data/dividends'
import { pendingItems } from '../../data/outbox'
import { useLastSynced } from '../../app/queries'

/** The account's entitlements as last fetched, newest first; null when never fetched here. */
export function useDividends(account: string | null | undefined): DividendEntitlement[] | null | undefined {
  return useLiveQuery(async () => (account ? readMeta(dividendsKey(account), restoreAccountMeta.dividends) : null), [account])
}

export function useDividendsSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? dividendsKey(account) : null)
}

/** Applications queued on this device and not yet answered, by entitlement id. */
export function useQueuedApplications(account: string | null | undefined): Set<number> | undefined {
  return useLiveQuery(async () => {
    const items = account ? await pendingItems(account, ['dividend.apply']) : []
    return new Set(items.map((item) => Number(item.body.id)))
  }, [account])
}
