/** Reads of the quiz screen from Dexie, one useLiveQuery each, and the published numbers its lessons name. */
import { useLiveQuery } from 'dexie-react-hooks'
import { useLingui } from '@lingui/react/macro'
import { db } from '../../data/db'
import { type QuizInfo, quizInfoKey, storedQuizInfo } from '../../data/quiz'
import { useLastSynced } from '../../app/queries'
import { intlLocale, normalizeLanguage } from '../../i18n/languages'
import { formatMoney } from '../../lib/money'
import { DEFAULT_QUIZ_RULES, type QuizRules } from '../../lib/quiz'
import { PER_LAKH, tradingRulesFromConfig } from '../../lib/trade'
import { type TaughtNumbers } from './courseware'

/** The account's /quiz/info as last fetched; null when never fetched here. */
export function useQuizInfo(account: string | null | undefined): QuizInfo | null | undefined {
  return useLiveQuery(async () => (account ? storedQuizInfo(account) : null), [account])
}

export function useQuizInfoSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? quizInfoKey(account) : null)
}

/** The rules the server sent with the info; the published defaults until it has been fetched once. */
export function quizRulesOf(info: QuizInfo | null | undefined): QuizRules {
  return info?.rules ?? DEFAULT_QUIZ_RULES
}

/** The trading rules the lessons name (stop-out share, fees, lock), from the published config. */
export function useTaughtNumbers(): TaughtNumbers | undefined {
  const { i18n } = useLingui()
  const locale = intlLocale(normalizeLanguage(i18n.locale))
  const rules = useLiveQuery(async () => {
    const rows = await db.config.toArray()
    const map = new Map(rows.map((row) => [row.name, row.value]))
    return tradingRulesFromConfig((name) => map.get(name))
  })
  if (!rules) return undefined
  const percent = (perLakh: number) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format((perLakh * 100) / PER_LAKH)}%`
  return {
    stopOutPct: rules.stopOutMarginPct,
    feeRate: percent(rules.handlingFeePerLakh),
    minFee: formatMoney(rules.minHandlingFee),
    stampDuty: percent(rules.stampDutyPerLakh),
    lock: rules.lock,
  }
}
