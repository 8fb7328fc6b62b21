/** Reads of the privacy screens from Dexie, one useLiveQuery each, and the retention rules they show. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from '../../data/db'
import { type DeletionInfo, deletionInfoKey, storedDeletionInfo } from '../../data/privacy'
import { useLastSynced } from '../../app/queries'

/** The account's /user/deletion/info as last fetched; null when never fetched here. */
export function useDeletionInfo(account: string | null | undefined): DeletionInfo | null | undefined {
  return useLiveQuery(async () => (account ? storedDeletionInfo(account) : null), [account])
}

export function useDeletionInfoSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? deletionInfoKey(account) : null)
}

export type RetentionRules = { financialYears: number; investmentYears: number; consentAge: number }

/** Contract defaults until /common/config has been read (5 and 10 years, consent below 14). */
const DEFAULT_RULES: RetentionRules = { financialYears: 5, investmentYears: 10, consentAge: 14 }

/** The published retention periods and age of consent (config privacy_*), the defaults meanwhile. */
export function useRetentionRules(): RetentionRules {
  const rules = useLiveQuery(async () => {
    const [financial, investment, age] = await db.config.bulkGet(['privacy_financial_years', 'privacy_investment_years', 'privacy_consent_age'])
    return {
      financialYears: whole(financial?.value, DEFAULT_RULES.financialYears),
      investmentYears: whole(investment?.value, DEFAULT_RULES.investmentYears),
      consentAge: whole(age?.value, DEFAULT_RULES.consentAge),
    }
  })
  return rules ?? DEFAULT_RULES
}

function whole(value: string | undefined, fallback: number): number {
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : fallback
}
