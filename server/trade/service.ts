/**
 * The moves of an order and its position, each inside the caller's transaction with its ledger
 * entry: place (freeze or open), cancel (unfreeze), fill (open from frozen), close (settle now or
 * prepare to close), settle. Routes call them through runIdempotent's commit(); the engine
 * (engine.ts) calls fill and settle in one short transaction per order. Rules come from the pure
 * domain; prices come from the feed, read by the caller before the transaction.
 */
import { type ServerConfig } from '../config'
import { marketClosed, validateOrder, type MarketState, type OrderInput, type OrderUnits } from './order-rules'
import {
  closeRefusal,
  closeSettlement,
  displayStatus,
  isOpenStatus,
  nextStatus,
  orderNotPending,
  squareOffAt,
  stopOutPrice,
  type Position,
} from './position-rules'
import { DomainRefusal } from '../http/refusal'
import { userAccount } from '../ledger/rules'
import { closePositionEntry, freezeOrderEntry, openPositionEntry, unfreezeOrderEntry, type TradeEntryDraft } from './ledger-legs'
import { contractAmount, unlockTime } from './rules'
import { type OrderDto } from '../../src/lib/trade'
import { addTradingDays, calendarForKind, type TradingCalendar } from '../market/calendar'
import { type MarketFeed } from '../market/feed'
import { type Instrument } from '../market/instruments'
import { tradingUnits, type TradingUnits } from '../market/units'
import { type Executor, type Tx } from '../db/executor'
import { insertWithEntries, lockTraders, postEntry } from '../ledger/repository'
import { INSERT_ORDERS_WITH_ENTRIES, findOrderOfUser, lockOrderOfUser, orderColumns, updateOrder, type OrderRecord, type OrderRow } from './repository'
import { feeDiscountOf } from '../vip/service'
import { feeDiscountPct as discountOfLevel } from '../../src/lib/vip'
import { addInboxMessage } from '../inbox/repository'
import { positionLink } from '../inbox/links'

/** `oneSession`: the database runs one transaction at a time (PGlite): see lockTraders. */
export type TradingDeps = { config: ServerConfig; market: MarketFeed; oneSession?: boolean }

type TradedKind = OrderRecord['kind']

export function symbolUnknown(symbol: string): DomainRefusal {
  return new DomainRefusal('symbol_unknown', { symbol }, `There is no instrument ${symbol}.`)
}

export function instrumentNotTradable(symbol: string): DomainRefusal {
  return new DomainRefusal('instrument_not_tradable', { symbol }, `${symbol} is an index: it is computed, not traded.`)
}

export function orderNotFound(id: number): DomainRefusal {
  return new DomainRefusal('order_not_found', { id }, `There is no order ${id}.`)
}

export function unitsOf(instrument: Instrument, config: ServerConfig): TradingUnits | undefined {
  return tradingUnits(instrument, { lotSize: config.trading.lotSize, cryptoLotMicro: config.cryptoLotMicro, forexLotUnits: config.forexLotUnits })
}

const calendars = new WeakMap<ServerConfig, Map<TradedKind, TradingCalendar>>()

/** The calendar a kind's T+N lock counts trading days on, built once per config. */
function calendarOf(config: ServerConfig, kind: TradedKind): TradingCalendar {
  let byKind = calendars.get(config)
  if (!byKind) calendars.set(config, (byKind = new Map()))
  let cal = byKind.get(kind)
  if (!cal) {
    cal = calendarForKind(kind, { holidays: config.marketHolidays, specialSessions: config.marketSpecialSessions, alwaysOpen: config.marketAlwaysOpen })
    byKind.set(kind, cal)
  }
  return cal
}

export function unlockAtFor(config: ServerConfig, kind: TradedKind, openedAt: number): number {
  return unlockTime(openedAt, config.trading.lock, (ms, n) => addTradingDays(ms, n, calendarOf(config, kind)))
}

/** The feed's view of one instrument at one instant, read before the transaction. */
export type MarketView = {
  symbol: string
  kind: TradedKind
  units: TradingUnits
  price: number
  previousClose: number
  state: MarketState
}

/** Refuses an unknown symbol and an index; the feed must have been prepared for `at`. */
export function marketView(deps: TradingDeps, symbol: string, at: number): MarketView {
  const instrument = deps.market.instrument(symbol)
  if (!instrument) throw symbolUnknown(symbol)
  const units = unitsOf(instrument, deps.config)
  if (!units || instrument.kind === 'index') throw instrumentNotTradable(symbol)
  const quote = deps.market.quote(symbol, at)
  const previousClose = deps.market.previousClose(symbol, at)
  const state = deps.market.marketState(symbol, at)
  if (!quote || previousClose === undefined) {
    // A company not yet listed (server/market/listings.ts) has no quote: closed until its listing.
    if (!state.open) throw marketClosed(state.opensAt)
    throw new Error(`the feed has no quote for ${symbol}`)
  }
  return { symbol, kind: instrument.kind, units, price: quote.price, previousClose, state }
}

/** One order to place: who, what, the feed's view read before the transaction, and when. */
export type OrderRequest = { userId: number; input: OrderInput; view: MarketView; at: number }

/**
 * Places an order: the trader's row is locked first, so the available balance read next cannot
 * change until this transaction ends and concurrent orders of one user can never overdraw it.
 * A market order opens its position at once from available; a limit order freezes its cost and
 * rests as pending. The handling fee takes the discount of the user's VIP level as stored when
 * the order is placed (server/vip): a limit order's fee is frozen with that discount and charged
 * exactly so at the fill, whatever the level is by then.
 */
export async function placeOrder(trx: Tx, deps: TradingDeps, userId: number, input: OrderInput, view: MarketView, at: number): Promise<OrderRecord> {
  const [outcome] = await placeOrders(trx, deps, [{ userId, input, view, at }])
  if (outcome instanceof DomainRefusal) throw outcome
  return outcome!
}

/**
 * Places several orders in one transaction (a group commit of concurrent requests), in the order
 * given, with a statement per step rather than per order: every trader is locked with their
 * balance read, each order is checked against what its user has left after the orders before it,
 * then the accepted orders and their ledger entries are written. A refused order writes nothing
 * and comes back as its DomainRefusal; the others go on.
 */
export async function placeOrders(trx: Tx, deps: TradingDeps, requests: readonly OrderRequest[]): Promise<(OrderRecord | DomainRefusal)[]> {
  const traders = await lockTraders(
    trx,
    requests.map((r) => r.userId),
    { oneSession: deps.oneSession === true },
  )
  const outcomes: (OrderRecord | DomainRefusal | undefined)[] = []
  // Every column but the two the database makes: the stored row is this and those two.
  const accepted: { index: number; order: OrderRow; entry: TradeEntryDraft }[] = []
  for (const [index, { userId, input, view, at }] of requests.entries()) {
    const trader = traders.get(userId)
    if (!trader) throw new Error(`user ${userId} of a live session does not exist`)
    const units: OrderUnits = { lotUnits: view.units.lotUnits, unitDivisor: view.units.unitDivisor }
    const result = validateOrder(input, {
      rules: { ...deps.config.trading, feeDiscountPct: discountOfLevel(trader.vipLevel, deps.config.vip) },
      now: at,
      market: view.state,
      marketPrice: view.price,
      previousClose: view.previousClose,
      account: { noTrade: trader.noTrade, marginTradingEnabled: trader.marginTrading, realNameStatus: trader.realNameStatus },
      available: trader.available,
      units,
    })
    if (!result.ok) {
      outcomes[index] = result.refusal
      continue
    }
    const costs = result.value
    const market = input.kind === 'market'
    // Its reference, the order number, is the inserted row's (insertWithEntries).
    const entry = market ? openPositionEntry(userId, '', costs, 'available') : freezeOrderEntry(userId, '', costs)
    // What the user has left for the next order of the batch: exactly what this entry takes.
    trader.available += availableChange(entry, userId)
    const unlockAt = market ? unlockAtFor(deps.config, view.kind, at) : null
    accepted.push({
      index,
      entry,
      order: {
        user_id: userId,
        symbol: view.symbol,
        kind: view.kind,
        type: input.kind,
        direction: input.direction,
        lots: input.lots,
        quantity: costs.quantity,
        unit_divisor: view.units.unitDivisor,
        quantity_scale: view.units.quantityScale,
        leverage: input.leverage,
        day_trading: input.dayTrading === true,
        limit_price: market ? null : costs.price,
        entry_price: market ? costs.price : null,
        exit_price: null,
        margin: costs.margin,
        fee: costs.fee,
        stamp_duty: costs.stampDuty,
        total_debit: costs.totalDebit,
        close_fee: null,
        close_stamp_duty: null,
        pnl: null,
        cash_returned: null,
        status: market ? (unlockAt !== null && at < unlockAt ? 'locked' : 'holding') : 'pending',
        unlock_at: unlockAt,
        created_at: at,
        opened_at: market ? at : null,
        closed_at: null,
        close_reason: null,
        updated_at: at,
        // The levels the engine acts on, fixed now (a limit order's stop-out at its fill).
        stop_out_price: market
          ? stopOutPrice({ direction: input.direction, quantity: costs.quantity, entryPrice: costs.price, margin: costs.margin, unitDivisor: view.units.unitDivisor }, deps.config.trading)
          : null,
        square_off_at: input.dayTrading === true ? squareOffAt(at, deps.config.trading) : null,
      },
    })
  }
  // The orders and their entries in one statement, each entry's reference its order's number.
  const made = await insertWithEntries<Pick<OrderRecord, 'id' | 'order_no'>>(
    trx,
    INSERT_ORDERS_WITH_ENTRIES,
    orderColumns(accepted.map((a) => a.order)),
    accepted.map((a) => a.entry),
    accepted.map((a) => a.order.created_at),
    { lockedUserIds: [...traders.keys()] },
  )
  accepted.forEach((a, i) => (outcomes[a.index] = { ...a.order, ...made[i]! }))
  return outcomes.map((o) => {
    if (o === undefined) throw new Error('an order of the batch has no outcome')
    return o
  })
}

/** How much an entry moves the user's available pocket. */
function availableChange(entry: TradeEntryDraft, userId: number): number {
  const available = userAccount(userId, 'available')
  return entry.legs.reduce((sum, leg) => (leg.account === available ? sum + leg.amount : sum), 0)
}

/** The symbol of the user's order, read before the transaction to ask the feed for its price. */
export async function symbolOfOwnOrder(db: Executor, userId: number, id: number): Promise<string> {
  const order = await findOrderOfUser(db, userId, id)
  if (!order) throw orderNotFound(id)
  return order.symbol
}

async function ownOrder(trx: Tx, userId: number, id: number): Promise<OrderRecord> {
  const order = await lockOrderOfUser(trx, userId, id)
  if (!order) throw orderNotFound(id)
  return order
}

/** Cancels a pending order: exactly what was frozen goes back. Also the engine's expiry. */
export async function cancelPending(trx: Tx, order: OrderRecord, at: number): Promise<OrderRecord> {
  const next = nextStatus(order.status, { type: 'cancel' })
  if (!next.ok) throw next.refusal
  const cancelled = await updateOrder(trx, order.id, { status: next.value }, at)
  await postEntry(trx, unfreezeOrderEntry(order.user_id, order.order_no, { totalDebit: order.total_debit }), at)
  return cancelled
}

export async function cancelOrder(trx: Tx, userId: number, id: number, at: number): Promise<OrderRecord> {
  const order = await ownOrder(trx, userId, id)
  if (order.status !== 'pending') throw orderNotPending(order.status)
  return cancelPending(trx, order, at)
}

/**
 * Fills a pending limit order at its limit: the frozen margin, fee and duty are exactly what the
 * opening entry moves (fillPrice). The fee is the one frozen at placement, with the VIP discount
 * of the level stored then: a level changed while the order rested does not reprice it. The
 * caller has checked that the feed crosses the limit. The owner is told (inbox order_filled).
 */
export async function fillPending(trx: Tx, config: ServerConfig, order: OrderRecord, at: number): Promise<OrderRecord> {
  const price = order.limit_price
  if (price === null) throw new Error(`pending order ${order.order_no} has no limit price`)
  const unlockAt = unlockAtFor(config, order.kind, at)
  const next = nextStatus(order.status, { type: 'fill', at, unlockAt })
  if (!next.ok) throw next.refusal
  const filled = await updateOrder(
    trx,
    order.id,
    {
      status: next.value,
      entry_price: price,
      opened_at: at,
      unlock_at: unlockAt,
      // The levels the engine acts on from now: the stop-out at the fill price, the cut-off of the fill's day.
      stop_out_price: stopOutPrice({ direction: order.direction, quantity: order.quantity, entryPrice: price, margin: order.margin, unitDivisor: order.unit_divisor }, config.trading),
      square_off_at: order.day_trading ? squareOffAt(at, config.trading) : null,
    },
    at,
  )
  await postEntry(trx, openPositionEntry(order.user_id, order.order_no, { margin: order.margin, fee: order.fee, stampDuty: order.stamp_duty }, 'frozen'), at)
  await addInboxMessage(trx, {
    userId: order.user_id,
    kind: 'order_filled',
    params: { orderId: order.id, symbol: order.symbol, direction: order.direction, lots: order.lots, price },
    link: positionLink(order.id),
    now: at,
  })
  return filled
}

export function positionOf(order: OrderRecord): Position {
  if (order.entry_price === null || order.opened_at === null || order.unlock_at === null) {
    throw new Error(`order ${order.order_no} has no position yet (status ${order.status})`)
  }
  return {
    direction: order.direction,
    quantity: order.quantity,
    entryPrice: order.entry_price,
    unitDivisor: order.unit_divisor,
    leverage: order.leverage,
    margin: order.margin,
    openedAt: order.opened_at,
    unlockAt: order.unlock_at,
    dayTrading: order.day_trading,
    status: order.status,
  }
}

export type CloseReason = NonNullable<OrderRecord['close_reason']>

/**
 * Settles a position at `price`: the margin leaves house:position_margin and the user gets what
 * closeSettlement returns. From locked/holding (a stop-out, a square-off, a user's close while
 * the market is open) or from preparing_to_close (at the next open). The closing fee takes the
 * discount of the user's VIP level stored at the moment of the close, read in this transaction:
 * every close (the user's, a stop-out, a square-off) goes through here. A close by a rule is told
 * to the owner (inbox position_closed {cause}) in this transaction.
 */
export async function settlePosition(trx: Tx, config: ServerConfig, order: OrderRecord, price: number, reason: CloseReason, at: number): Promise<OrderRecord> {
  const feeDiscountPct = await feeDiscountOf(trx, config, order.user_id)
  const settlement = closeSettlement(positionOf(order), price, { ...config.trading, feeDiscountPct })
  const cause = order.close_reason ?? reason
  const closed = await updateOrder(
    trx,
    order.id,
    {
      status: 'closed',
      exit_price: price,
      close_fee: settlement.fee,
      close_stamp_duty: settlement.stampDuty,
      pnl: settlement.pnl,
      cash_returned: settlement.cashReturned,
      closed_at: at,
      close_reason: cause,
    },
    at,
  )
  await postEntry(trx, closePositionEntry(order.user_id, order.order_no, settlement), at)
  // A close the user did not ask for (a stop-out, a square-off) is told, with its cause.
  if (cause !== 'user') {
    await addInboxMessage(trx, {
      userId: order.user_id,
      kind: 'position_closed',
      params: { orderId: order.id, symbol: order.symbol, cause, price, profit: settlement.pnl },
      link: positionLink(order.id),
      now: at,
    })
  }
  return closed
}

/**
 * A user's close of a holding position past its lock: settled at the feed's price while its
 * market is open, else marked preparing_to_close for the engine to settle at the next open.
 */
export async function closeByUser(trx: Tx, config: ServerConfig, userId: number, id: number, view: Pick<MarketView, 'price' | 'state'>, at: number): Promise<OrderRecord> {
  const order = await ownOrder(trx, userId, id)
  const refusal = closeRefusal({ status: order.status, unlockAt: order.unlock_at ?? Number.POSITIVE_INFINITY }, at)
  if (refusal) throw refusal
  if (view.state.open) return settlePosition(trx, config, order, view.price, 'user', at)
  return updateOrder(trx, order.id, { status: 'preparing_to_close', close_reason: 'user' }, at)
}


export function toOrderDto(order: OrderRecord, deps: TradingDeps, now: number): OrderDto {
  const rules = deps.config.trading
  const price = order.entry_price ?? order.limit_price ?? 0
  const open = isOpenStatus(order.status)
  const dayStart = order.opened_at ?? order.created_at
  return {
    id: order.id,
    orderNo: order.order_no,
    symbol: order.symbol,
    name: deps.market.instrument(order.symbol)?.name ?? order.symbol,
    kind: order.kind,
    type: order.type,
    direction: order.direction,
    lots: order.lots,
    quantity: order.quantity,
    unitDivisor: order.unit_divisor,
    quantityScale: order.quantity_scale,
    leverage: order.leverage,
    dayTrading: order.day_trading,
    limitPrice: order.limit_price,
    entryPrice: order.entry_price,
    exitPrice: order.exit_price,
    contractAmount: contractAmount(order.quantity, price, order.unit_divisor),
    margin: order.margin,
    fee: order.fee,
    stampDuty: order.stamp_duty,
    closeFee: order.close_fee,
    closeStampDuty: order.close_stamp_duty,
    pnl: order.pnl,
    cashReturned: order.cash_returned,
    status: order.unlock_at === null ? order.status : displayStatus({ status: order.status, unlockAt: order.unlock_at }, now),
    unlockAt: order.unlock_at,
    // The stored levels, which the engine applies; computed only for a row the engine has not reached yet.
    stopOutPrice: open ? (order.stop_out_price ?? stopOutPrice(positionOf(order), rules)) : null,
    squareOffAt: order.day_trading && order.status !== 'cancelled' ? (order.square_off_at ?? squareOffAt(dayStart, rules)) : null,
    createdAt: order.created_at,
    openedAt: order.opened_at,
    closedAt: order.closed_at,
    closeReason: order.close_reason,
  }
}
