/** Reads of the block-trade screens from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { type ClientTradingRules, tradingRulesFromConfig } from '../../lib/trade'
import { type BlockApplication, type BlockOffering, blockApplicationsKey, offeringKey, offeringsKey, storedBlockApplications, storedOfferings } from '../../data/block'
import { type OutboxItem, type QuoteRow, db } from '../../data/db'
import { syncedAt } from '../../data/sync'
import { pendingItems } from '../../data/outbox'
import { useLastSynced } from '../../app/queries'

/** The offerings as last fetched; null when never fetched here. */
export function useOfferings(): BlockOffering[] | null | undefined {
  return useLiveQuery(() => storedOfferings(), [])
}

export function useOfferingsSynced(): number | null | undefined {
  return useLastSynced(offeringsKey)
}

/** When offering `id` was last fetched, alone or in the list: the later of the two; null if never. */
export function useOfferingSynced(id: number): number | null | undefined {
  return useLiveQuery(async () => {
    const times = [await syncedAt(offeringsKey), await syncedAt(offeringKey(id))].filter((t) => t !== undefined)
    return times.length ? Math.max(...times) : null
  }, [id])
}

/** The account's applications as last fetched, newest first; null when never fetched here. */
export function useBlockApplications(account: string | null | undefined): BlockApplication[] | null | undefined {
  return useLiveQuery(async () => (account ? storedBlockApplications(account) : null), [account])
}

export function useBlockApplicationsSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? blockApplicationsKey(account) : null)
}

/** Applications queued on this device and not answered yet (or refused). */
export function useQueuedBlock(account: string | null | undefined): OutboxItem[] | undefined {
  return useLiveQuery(async () => (account ? pendingItems(account, ['block.apply']) : []), [account])
}

/** The stock's last quote on this device (its price step), null when none. */
export function useQuote(symbol: string): QuoteRow | null | undefined {
  return useLiveQuery(async () => (await db.quotes.get(symbol)) ?? null, [symbol])
}

/** The published trading rules (fees, stamp duty) an application's cost is worked out with; undefined while reading. */
export function useTradingRules(): ClientTradingRules | undefined {
  return useLiveQuery(async () => {
    const values = new Map((await db.config.toArray()).map((row) => [row.name, row.value]))
    return tradingRulesFromConfig((name) => values.get(name))
  })
}
