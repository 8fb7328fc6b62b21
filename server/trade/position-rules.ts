/**
 * Position rules (DESIGN.md section 4, issue 3): profit and loss, what a close pays back, the
 * lock, the day-trading square-off, the stop-out, and the status a position may move to.
 * Pure: the time, the price and the trading rules are parameters.
 */
import { type Paise } from '../ledger/money'
import { DomainRefusal } from '../http/refusal'
import {
  type ChargingRules,
  type Direction,
  type Result,
  type TradingRules,
  accept,
  contractAmount,
  cutoffOnDayOf,
  handlingFee,
  mulDiv,
  refuse,
  stampDuty,
} from './rules'

export type PositionStatus = 'pending' | 'cancelled' | 'locked' | 'holding' | 'preparing_to_close' | 'closed'
export const POSITION_STATUSES = {
  pending: 'pending',
  cancelled: 'cancelled',
  locked: 'locked',
  holding: 'holding',
  preparingToClose: 'preparing_to_close',
  closed: 'closed',
} as const satisfies Record<string, PositionStatus>

export type Position = {
  direction: Direction
  /** Quantity units (lots x lot units): shares, millionths of a coin, currency units. */
  quantity: number
  /** Price at the fill, in the instrument's price units. */
  entryPrice: Paise
  /** Paise = quantity x price / unitDivisor (server/market/units.ts); 1 for a stock. */
  unitDivisor: number
  leverage: number
  /** The original margin held against the position. */
  margin: Paise
  openedAt: number
  /** From unlockTime() at the fill; equal to openedAt when there is no lock. */
  unlockAt: number
  dayTrading: boolean
  status: PositionStatus
}

/** The shape the P&L needs; a pending order has it too (at its limit price). */
export type Exposure = Pick<Position, 'direction' | 'quantity' | 'entryPrice' | 'unitDivisor'>

/** A position that is open: it has margin held and a price that moves its P&L. */
export function isOpenStatus(status: PositionStatus): boolean {
  return status === 'holding' || status === 'locked'
}

/**
 * Gross P&L at `price`: the closing contract amount minus the opening one for a long, the
 * opening minus the closing for a short (for a stock, quantity x (price - entry)). Taken as the
 * difference of the two rounded amounts, never rounded on its own, so opening amount + P&L is
 * exactly the closing amount. At the current price it is the unrealised P&L, at the exit price
 * the realised one. Fees and duty are not in it; closeSettlement shows them separately.
 */
export function positionPnl(position: Exposure, price: Paise): Paise {
  const opening = contractAmount(position.quantity, position.entryPrice, position.unitDivisor)
  const closing = contractAmount(position.quantity, price, position.unitDivisor)
  return position.direction === 'long' ? closing - opening : opening - closing
}

/** The contract amount at the current price: the exposure, the same for a long and a short. */
export function marketValue(position: Pick<Position, 'quantity' | 'unitDivisor'>, price: Paise): Paise {
  return contractAmount(position.quantity, price, position.unitDivisor)
}

export type CloseSettlement = {
  exitPrice: Paise
  /** Quantity x exit price: the closing side's contract amount. */
  contractAmount: Paise
  /** Gross realised P&L. */
  pnl: Paise
  /** Handling fee of the closing side. */
  fee: Paise
  /** Stamp duty of the closing side: a short buys back, so only a short pays it here. */
  stampDuty: Paise
  margin: Paise
  /** What goes back to available cash: margin + pnl - fee - duty, never below zero. */
  cashReturned: Paise
  /** The part of a loss the margin could not cover, which the house absorbs. */
  lossBeyondMargin: Paise
}

/**
 * What closing at `exitPrice` pays back. A user's loss is limited to the position's margin: the
 * stop-out closes a position while most of the margin is left, but a price can gap through the
 * stop-out level (a feed jump, a close at the next open), and the part of the loss and of the
 * close fee and duty the margin cannot pay is absorbed by the house P&L account. So the cash
 * returned is never negative and a user never owes more than the margin put up.
 */
export function closeSettlement(position: Position, exitPrice: Paise, rules: ChargingRules): CloseSettlement {
  const amount = contractAmount(position.quantity, exitPrice, position.unitDivisor)
  const pnl = positionPnl(position, exitPrice)
  const fee = handlingFee(amount, rules)
  const duty = stampDuty(amount, position.direction === 'short', rules)
  const left = position.margin + pnl - fee - duty
  return {
    exitPrice,
    contractAmount: amount,
    pnl,
    fee,
    stampDuty: duty,
    margin: position.margin,
    cashReturned: Math.max(0, left),
    lossBeyondMargin: Math.max(0, -left),
  }
}

export function positionNotHolding(status: PositionStatus): DomainRefusal {
  return new DomainRefusal('position_not_holding', { status }, 'Only a holding position can be closed.')
}

export function positionLocked(unlockAt: number): DomainRefusal {
  return new DomainRefusal('position_locked', { unlockAt }, 'The position is locked and cannot be closed yet.')
}

/**
 * Why the user may not close now, or null. A `locked` status past its unlock time counts as
 * holding: the lock is the time, and the stored status only shows it.
 */
export function closeRefusal(position: Pick<Position, 'status' | 'unlockAt'>, now: number): DomainRefusal | null {
  if (!isOpenStatus(position.status)) return positionNotHolding(position.status)
  if (now < position.unlockAt) return positionLocked(position.unlockAt)
  return null
}

export function canClose(position: Pick<Position, 'status' | 'unlockAt'>, now: number): boolean {
  return closeRefusal(position, now) === null
}

/** The status to show: `locked` until unlockAt, then `holding`, without waiting for a sweep. */
export function displayStatus(position: Pick<Position, 'status' | 'unlockAt'>, now: number): PositionStatus {
  if (!isOpenStatus(position.status)) return position.status
  return now < position.unlockAt ? 'locked' : 'holding'
}

/** The instant a day-trading position opened at `openedAt` is squared off: that India day's cut-off. */
export function squareOffAt(openedAt: number, rules: TradingRules): number {
  return cutoffOnDayOf(openedAt, rules.dayTradingCutoff)
}

/**
 * An open day-trading position is due for square-off from the cut-off of the India day it
 * opened on. A position still open on a later day is overdue and due as well (the server was down
 * at the cut-off, or the close waited for the market).
 */
export function isSquareOffDue(position: Pick<Position, 'dayTrading' | 'status' | 'openedAt'>, now: number, rules: TradingRules): boolean {
  return position.dayTrading && isOpenStatus(position.status) && now >= squareOffAt(position.openedAt, rules)
}

/**
 * The published stop-out rule: an open position is closed when its remaining margin
 * (original margin + unrealised P&L, before close fees) is at or below stopOutMarginPct% of the
 * original margin. Compared exactly in integers: 100 x (margin + pnl) <= margin x pct.
 */
export function isStopOut(position: Position, price: Paise, rules: TradingRules): boolean {
  if (!isOpenStatus(position.status)) return false
  return stopOutReached(position, price, rules)
}

type StopOutShape = Pick<Position, 'direction' | 'quantity' | 'entryPrice' | 'margin' | 'unitDivisor'>

function stopOutReached(position: StopOutShape, price: Paise, rules: TradingRules): boolean {
  const remaining = position.margin + positionPnl(position, price)
  // BigInt: x 100 of a large margin could pass 2^53, where a float comparison would round.
  return BigInt(remaining) * 100n <= BigInt(position.margin) * BigInt(rules.stopOutMarginPct)
}

/**
 * The price at which the stop-out rule triggers, for display: a long is stopped out at or below
 * it, a short at or above it. For a stock that is entry -/+ ceil(margin x (100 - pct) /
 * (100 x quantity)). With a unit divisor the contract amounts the rule compares are rounded, so
 * no formula is exact: the rule is monotone in the price, and a bisection finds the last price
 * that triggers it. The rule itself (isStopOut) stays the authority.
 */
export function stopOutPrice(position: StopOutShape, rules: TradingRules): Paise {
  const entry = position.entryPrice
  if (position.direction === 'long') {
    // At 0 the whole amount is lost (margin <= amount), so it triggers; at the entry nothing is lost.
    let triggers = 0
    let safe = entry
    while (safe - triggers > 1) {
      const mid = triggers + Math.floor((safe - triggers) / 2)
      if (stopOutReached(position, mid, rules)) triggers = mid
      else safe = mid
    }
    return triggers
  }
  // A short's loss has no ceiling: widen from the estimate until the rule triggers.
  const estimate = mulDiv(position.margin, (100 - rules.stopOutMarginPct) * position.unitDivisor, 100 * position.quantity, 'up')
  let safe = entry
  let triggers = entry + Math.max(1, estimate)
  while (!stopOutReached(position, triggers, rules)) {
    safe = triggers
    triggers = entry + 2 * (triggers - entry)
  }
  while (triggers - safe > 1) {
    const mid = safe + Math.floor((triggers - safe) / 2)
    if (stopOutReached(position, mid, rules)) triggers = mid
    else safe = mid
  }
  return triggers
}

/**
 * What can happen to an order or a position:
 * fill (pending -> locked or holding), cancel (pending -> cancelled),
 * unlock (locked -> holding once unlockAt has passed),
 * close (user; holding or locked past unlockAt -> preparing_to_close),
 * force_close (stop-out or square-off; holding or locked -> preparing_to_close, the lock does not
 * protect a position from losing more than its margin), settle (preparing_to_close -> closed).
 */
export type PositionEvent =
  | { type: 'fill'; at: number; unlockAt: number }
  | { type: 'cancel' }
  | { type: 'unlock'; now: number; unlockAt: number }
  | { type: 'close'; now: number; unlockAt: number }
  | { type: 'force_close'; reason: 'stop_out' | 'square_off' }
  | { type: 'settle' }

export function orderNotPending(status: PositionStatus): DomainRefusal {
  return new DomainRefusal('order_not_pending', { status }, 'Only a pending order can be cancelled.')
}

/** An event the server itself sent at the wrong time: a race lost, so it is refused, not thrown. */
function transitionInvalid(status: PositionStatus, event: PositionEvent['type']): DomainRefusal {
  return new DomainRefusal('status_transition_invalid', { status, event }, `A ${status} position cannot ${event}.`)
}

export function nextStatus(current: PositionStatus, event: PositionEvent): Result<PositionStatus> {
  switch (event.type) {
    case 'fill':
      if (current !== 'pending') return refuse(orderNotPending(current))
      return accept(event.at < event.unlockAt ? 'locked' : 'holding')
    case 'cancel':
      if (current !== 'pending') return refuse(orderNotPending(current))
      return accept('cancelled')
    case 'unlock':
      if (current !== 'locked') return refuse(transitionInvalid(current, event.type))
      if (event.now < event.unlockAt) return refuse(positionLocked(event.unlockAt))
      return accept('holding')
    case 'close': {
      const refusal = closeRefusal({ status: current, unlockAt: event.unlockAt }, event.now)
      return refusal ? refuse(refusal) : accept('preparing_to_close')
    }
    case 'force_close':
      if (!isOpenStatus(current)) return refuse(positionNotHolding(current))
      return accept('preparing_to_close')
    case 'settle':
      if (current !== 'preparing_to_close') return refuse(transitionInvalid(current, event.type))
      return accept('closed')
  }
}
