/**
 * Dividends (issue 10, DESIGN.md section 4): the simulated feed pays them (a 'dividend'
 * adjustment of a stock's market day, server/market/simulation.ts); these rules decide who is
 * owed what. Pure: the amount is the feed's per-share dividend times the shares held, never typed.
 */
import { type DividendStatus } from '../../src/contract/replies'
import { DomainRefusal } from '../http/refusal'
import { CURRENCY, type Paise } from '../ledger/money'
import { LEDGER_REASONS, type LedgerEntryDraft, transfer, userAccount } from '../ledger/rules'

/** Pays every dividend the feed declares: its balance is minus what holders were paid. */
export const HOUSE_DIVIDENDS = 'house:dividends'

/** A stock day's dividend, as the market stored it (per share in paise: a stock's price units). */
export type FeedDividend = { symbol: string; exDay: string; exStart: number; perShare: Paise }

/** Reads the dividends out of a stored day's adjustments (JSON of PriceAdjustment[]). */
export function dividendsOfDay(symbol: string, adjustmentsJson: string): FeedDividend[] {
  const adjustments = JSON.parse(adjustmentsJson) as { kind: string; exDay: string; exStart: number; dividend: number }[]
  return adjustments.filter((a) => a.kind === 'dividend' && a.dividend > 0).map((a) => ({ symbol, exDay: a.exDay, exStart: a.exStart, perShare: a.dividend }))
}

/**
 * Who is entitled: a long position open at the record date, which is the ex-date (India settles
 * T+1, so a buyer must hold before the ex-date opens). Opened before the ex-day's start and not
 * closed before it. A short position is neither paid nor charged (positions here are cash-settled).
 */
export function isEntitled(p: { direction: 'long' | 'short'; opened_at: number | null; closed_at: number | null }, recordAt: number): boolean {
  return p.direction === 'long' && p.opened_at !== null && p.opened_at < recordAt && (p.closed_at === null || p.closed_at >= recordAt)
}

export function entitlementAmount(shares: number, perShare: Paise): Paise {
  return shares * perShare
}

/** A new entitlement waits for the pay date, or for the holder's application where config asks for one. */
export function firstStatus(applicationRequired: boolean): DividendStatus {
  return applicationRequired ? 'unclaimed' : 'scheduled'
}

/** Only an unclaimed entitlement can be applied for. */
export function checkApply(status: DividendStatus): DomainRefusal | null {
  return status === 'unclaimed' ? null : new DomainRefusal('dividend_not_claimable', { status }, 'This dividend cannot be applied for now.')
}

/** A payment: from the house's dividends account to the holder's available cash. */
export function dividendEntry(userId: number, entitlementId: number, amount: Paise): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.dividend, reference: `dividend:${entitlementId}`, from: HOUSE_DIVIDENDS, to: userAccount(userId, 'available'), currency: CURRENCY, amount })
}
