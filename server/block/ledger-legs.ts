/**
 * The ledger entries of block trades (issue 11; every cash effect is a journal entry). Where the
 * money sits:
 * - an application's amount + fee waits in `user:<id>:frozen` from the application to the allocation;
 * - at the allocation the allocated shares become a position at once, so what they cost moves from
 *   frozen straight to where a filled buy order's money goes (server/trade/ledger-legs.ts): the
 *   amount to `house:position_margin` (leverage 1: the margin is the whole amount), the fee and the
 *   duty to their house accounts. No escrow is needed between the two: they are one instant;
 * - the rest of what was frozen (all of it when nothing was allocated or the offering was
 *   cancelled) goes back to available.
 * The reference is the application's public reference, so a user finds it in fund records.
 */
import { LEDGER_REASONS, type LedgerEntryDraft, buildEntry, transfer, userAccount } from '../ledger/rules'
import { CURRENCY, type Paise } from '../ledger/money'
import { HOUSE_HANDLING_FEES, HOUSE_POSITION_MARGIN, HOUSE_STAMP_DUTY } from '../trade/ledger-legs'
import { type Settlement } from './rules'

export const blockReference = (ref: string) => `block:${ref}`

/** An application: amount + fee leave available for frozen. */
export function blockFreezeEntry(userId: number, ref: string, frozen: Paise): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.blockFreeze, reference: blockReference(ref), from: userAccount(userId, 'available'), to: userAccount(userId, 'frozen'), currency: CURRENCY, amount: frozen })
}

/** Frozen money not spent on an allocation (not allocated, partly allocated, the offering cancelled) is available again. */
export function blockReleaseEntry(userId: number, ref: string, amount: Paise, operator: string | null = null): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.blockRelease, reference: blockReference(ref), operator, from: userAccount(userId, 'frozen'), to: userAccount(userId, 'available'), currency: CURRENCY, amount })
}

/** The allocated shares paid from frozen: their amount becomes the position's margin, fee and duty go to the house. */
export function blockAllocationEntry(userId: number, ref: string, s: Pick<Settlement, 'amount' | 'handling' | 'duty' | 'paid'>): LedgerEntryDraft {
  const legs = [
    { account: userAccount(userId, 'frozen'), currency: CURRENCY, amount: -s.paid },
    { account: HOUSE_POSITION_MARGIN, currency: CURRENCY, amount: s.amount },
    { account: HOUSE_HANDLING_FEES, currency: CURRENCY, amount: s.handling },
    { account: HOUSE_STAMP_DUTY, currency: CURRENCY, amount: s.duty },
  ].filter((leg) => leg.amount !== 0)
  return buildEntry({ reason: LEDGER_REASONS.blockAllocation, reference: blockReference(ref), operator: null, legs })
}
