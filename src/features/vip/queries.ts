/** Reads of the VIP screen from Dexie, one useLiveQuery each, and the refresh while it is open. */
import { useEffect } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { type VipInfo, refreshVipInfo, storedVipInfo, vipInfoKey } from '../../data/vip'
import { db } from '../../data/db'
import { DEFAULT_CLIENT_TRADING_RULES, type FeeRules, tradingRulesFromConfig } from '../../lib/trade'
import { useLastSynced } from '../../app/queries'

/** The account's /vip/info as last fetched; null when never fetched here (or signed out). */
export function useVipInfo(account: string | null | undefined): VipInfo | null | undefined {
  return useLiveQuery(async () => (account ? storedVipInfo(account) : null), [account])
}

export function useVipSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? vipInfoKey(account) : null)
}

/**
 * Fetches /vip/info again every `ms` while the screen is open and the page visible: the measure
 * moves with every fill and close, and the job may have moved the level. Offline the refresher
 * is quiet and the screen keeps what Dexie has.
 */
export function useVipRefreshEvery(ms: number, account: string | null | undefined): void {
  useEffect(() => {
    if (!account) return undefined
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void refreshVipInfo().catch(() => undefined)
    }, ms)
    return () => clearInterval(timer)
  }, [ms, account])
}

/** The published handling-fee rate and minimum (/common/config), the defaults for a gap: the levels table prices a fee with them. */
export function useFeeRules(): FeeRules {
  const rules = useLiveQuery(async () => {
    const rows = new Map((await db.config.toArray()).map((row) => [row.name, row.value]))
    const { handlingFeePerLakh, minHandlingFee } = tradingRulesFromConfig((name) => rows.get(name))
    return { handlingFeePerLakh, minHandlingFee }
  })
  return rules ?? DEFAULT_FEE_RULES
}

const DEFAULT_FEE_RULES: FeeRules = {
  handlingFeePerLakh: DEFAULT_CLIENT_TRADING_RULES.handlingFeePerLakh,
  minHandlingFee: DEFAULT_CLIENT_TRADING_RULES.minHandlingFee,
}
