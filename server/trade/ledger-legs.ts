/**
 * The ledger entries of trading (DESIGN.md section 4: every cash effect is a journal entry whose
 * legs sum to zero per currency). Where the money sits:
 * - `user:<id>:available` pays for market orders and receives what a close returns;
 * - `user:<id>:frozen` holds margin + fee + duty of a pending limit order until it fills or is
 *   cancelled;
 * - `house:position_margin` holds the margin of every open position, so its balance always equals
 *   the sum of the open positions' margins;
 * - `house:handling_fees` and `house:stamp_duty` collect the charges (duty is owed onward);
 * - `house:trading_pnl` is the counterparty: it pays a user's profit and takes a user's loss, and
 *   absorbs any loss beyond the margin (see closeSettlement).
 */
import { LEDGER_REASONS, buildEntry, type LedgerLeg, userAccount } from '../ledger/rules'
import { CURRENCY, type Paise } from '../ledger/money'
import { type OpeningCosts } from './order-rules'
import { type CloseSettlement } from './position-rules'

export const HOUSE_POSITION_MARGIN = 'house:position_margin'
export const HOUSE_HANDLING_FEES = 'house:handling_fees'
export const HOUSE_STAMP_DUTY = 'house:stamp_duty'
export const HOUSE_TRADING_PNL = 'house:trading_pnl'

export const TRADE_LEDGER_REASONS = {
  orderFreeze: LEDGER_REASONS.orderFreeze,
  orderUnfreeze: LEDGER_REASONS.orderUnfreeze,
  positionOpen: LEDGER_REASONS.positionOpen,
  positionClose: LEDGER_REASONS.positionClose,
} as const
export type TradeLedgerReason = (typeof TRADE_LEDGER_REASONS)[keyof typeof TRADE_LEDGER_REASONS]

/** LedgerEntryDraft with a trading reason; the reference is the order number. */
export type TradeEntryDraft = { reason: TradeLedgerReason; reference: string; operator: null; legs: LedgerLeg[] }

/**
 * Drops zero legs (a zero P&L or a zero duty is no movement, and ledger_legs refuses amount 0),
 * then buildEntry throws on anything unbalanced: such an entry is a bug, not a user's mistake.
 */
function tradeEntry(reason: TradeLedgerReason, reference: string, legs: LedgerLeg[]): TradeEntryDraft {
  const moving = legs.filter((leg) => leg.amount !== 0)
  buildEntry({ reason, reference, operator: null, legs: moving })
  return { reason, reference, operator: null, legs: moving }
}

function leg(account: string, amount: Paise): LedgerLeg {
  return { account, currency: CURRENCY, amount }
}

function assertPositive(what: string, amount: Paise): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`${what} must be whole paise > 0, got ${amount}`)
}

function assertNotNegative(what: string, amount: Paise): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`${what} must be whole paise >= 0, got ${amount}`)
}

/** Placing a limit order: its margin, fee and duty move from available to frozen. */
export function freezeOrderEntry(userId: number, orderNo: string, costs: Pick<OpeningCosts, 'totalDebit'>): TradeEntryDraft {
  assertPositive('frozen amount', costs.totalDebit)
  return tradeEntry(TRADE_LEDGER_REASONS.orderFreeze, orderNo, [
    leg(userAccount(userId, 'available'), -costs.totalDebit),
    leg(userAccount(userId, 'frozen'), costs.totalDebit),
  ])
}

/** Cancelling a pending order: exactly what was frozen goes back to available. */
export function unfreezeOrderEntry(userId: number, orderNo: string, costs: Pick<OpeningCosts, 'totalDebit'>): TradeEntryDraft {
  assertPositive('unfrozen amount', costs.totalDebit)
  return tradeEntry(TRADE_LEDGER_REASONS.orderUnfreeze, orderNo, [
    leg(userAccount(userId, 'frozen'), -costs.totalDebit),
    leg(userAccount(userId, 'available'), costs.totalDebit),
  ])
}

/**
 * A fill: margin to the house's position-margin account, fee and duty to theirs. A market order
 * pays from available; a filled limit order from frozen, where exactly these amounts wait
 * because it fills at its limit (fillPrice).
 */
export function openPositionEntry(
  userId: number,
  orderNo: string,
  costs: Pick<OpeningCosts, 'margin' | 'fee' | 'stampDuty'>,
  from: 'available' | 'frozen',
): TradeEntryDraft {
  assertPositive('margin', costs.margin)
  assertNotNegative('fee', costs.fee)
  assertNotNegative('stamp duty', costs.stampDuty)
  return tradeEntry(TRADE_LEDGER_REASONS.positionOpen, orderNo, [
    leg(userAccount(userId, from), -(costs.margin + costs.fee + costs.stampDuty)),
    leg(HOUSE_POSITION_MARGIN, costs.margin),
    leg(HOUSE_HANDLING_FEES, costs.fee),
    leg(HOUSE_STAMP_DUTY, costs.stampDuty),
  ])
}

/**
 * A close: the margin leaves the position-margin account; the user gets cashReturned, the fee
 * and duty accounts their charges, and the house P&L account the rest, which is the user's loss
 * (positive) or minus the user's profit (negative). When the margin does not cover the loss and
 * charges, cashReturned is 0 and the user leg is dropped: the entry touches no user pocket.
 */
export function closePositionEntry(
  userId: number,
  orderNo: string,
  settlement: Pick<CloseSettlement, 'margin' | 'cashReturned' | 'fee' | 'stampDuty'>,
): TradeEntryDraft {
  const { margin, cashReturned, fee, stampDuty } = settlement
  assertPositive('margin', margin)
  // A user leg below zero would charge the user beyond the margin, which closeSettlement rules out.
  assertNotNegative('cash returned', cashReturned)
  assertNotNegative('fee', fee)
  assertNotNegative('stamp duty', stampDuty)
  return tradeEntry(TRADE_LEDGER_REASONS.positionClose, orderNo, [
    leg(HOUSE_POSITION_MARGIN, -margin),
    leg(userAccount(userId, 'available'), cashReturned),
    leg(HOUSE_HANDLING_FEES, fee),
    leg(HOUSE_STAMP_DUTY, stampDuty),
    leg(HOUSE_TRADING_PNL, margin - cashReturned - fee - stampDuty),
  ])
}
