/**
 * The ledger entries of new shares (issue 10; every cash effect is a journal entry). Where the
 * money sits:
 * - a blocked application's amount waits in `user:<id>:frozen` until the refund step;
 * - `house:ipo_escrow` holds what allottees paid, issue by issue, until the listing;
 * - at the listing it moves to `house:position_margin`, where every open position's margin is
 *   (server/trade/ledger-legs.ts), because each paid allotment becomes a position at the issue price.
 * The reference is the application's public reference, so a user finds it in fund records.
 */
import { LEDGER_REASONS, type LedgerEntryDraft, transfer, userAccount } from '../ledger/rules'
import { CURRENCY, type Paise } from '../ledger/money'
import { HOUSE_POSITION_MARGIN } from '../trade/ledger-legs'

export const HOUSE_IPO_ESCROW = 'house:ipo_escrow'

const reference = (ref: string) => `ipo:${ref}`

/** A blocked application: the whole amount leaves available for frozen. */
export function ipoBlockEntry(userId: number, ref: string, amount: Paise): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.ipoBlock, reference: reference(ref), from: userAccount(userId, 'available'), to: userAccount(userId, 'frozen'), currency: CURRENCY, amount })
}

/** Blocked money not spent on an allotment (not won, partly won, the issue cancelled) is available again. */
export function ipoReleaseEntry(userId: number, ref: string, amount: Paise, operator: string | null = null): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.ipoRelease, reference: reference(ref), operator, from: userAccount(userId, 'frozen'), to: userAccount(userId, 'available'), currency: CURRENCY, amount })
}

/** A blocked application's allotted lots are debited from what it froze. */
export function ipoAllotmentEntry(userId: number, ref: string, amount: Paise): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.ipoAllotment, reference: reference(ref), from: userAccount(userId, 'frozen'), to: HOUSE_IPO_ESCROW, currency: CURRENCY, amount })
}

/** A pay-after-win allottee pays what it owes from available cash. */
export function ipoPaymentEntry(userId: number, ref: string, amount: Paise): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.ipoPayment, reference: reference(ref), from: userAccount(userId, 'available'), to: HOUSE_IPO_ESCROW, currency: CURRENCY, amount })
}

/** The listing: a paid allotment becomes a position whose margin is what was paid for it. */
export function ipoListingEntry(ref: string, amount: Paise): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.ipoListing, reference: reference(ref), from: HOUSE_IPO_ESCROW, to: HOUSE_POSITION_MARGIN, currency: CURRENCY, amount })
}
