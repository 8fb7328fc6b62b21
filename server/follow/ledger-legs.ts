/**
 * The ledger entries of copy-trading (issue 11). Where the money sits:
 * - an investment's amount (exactly value(units) at the NAV it was made at) waits in
 *   `house:follow_holdings` while it is in progress, so that account always holds the sum of
 *   units x NAV-at-invest of every open investment (each product's part found by its references);
 * - at the redemption (by the user or the stop-loss) the user is paid the value at NAV now: the
 *   amount comes back from the holdings, and the difference, a gain or a loss, comes from or goes
 *   to `house:follow_pnl`, the strategy's side of the trade.
 * The reference is `follow:<investment id>`, so a user finds it in fund records.
 */
import { LEDGER_REASONS, type LedgerEntryDraft, buildEntry, transfer, userAccount } from '../ledger/rules'
import { CURRENCY, type Paise } from '../ledger/money'

export const HOUSE_FOLLOW_HOLDINGS = 'house:follow_holdings'
export const HOUSE_FOLLOW_PNL = 'house:follow_pnl'

export const followReference = (investmentId: number) => `follow:${investmentId}`

/** An investment: value(units) leaves the user's cash for the holdings. */
export function followInvestEntry(userId: number, investmentId: number, amount: Paise): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.followInvest, reference: followReference(investmentId), from: userAccount(userId, 'available'), to: HOUSE_FOLLOW_HOLDINGS, currency: CURRENCY, amount })
}

/** A redemption paying `value` for an investment of `amount`: the amount from the holdings, the difference from or to the house. */
export function followRedeemEntry(userId: number, investmentId: number, amount: Paise, value: Paise): LedgerEntryDraft {
  const legs = [{ account: HOUSE_FOLLOW_HOLDINGS, currency: CURRENCY, amount: -amount }]
  if (value !== amount) legs.push({ account: HOUSE_FOLLOW_PNL, currency: CURRENCY, amount: amount - value })
  if (value > 0) legs.push({ account: userAccount(userId, 'available'), currency: CURRENCY, amount: value })
  return buildEntry({ reason: LEDGER_REASONS.followRedeem, reference: followReference(investmentId), operator: null, legs })
}
