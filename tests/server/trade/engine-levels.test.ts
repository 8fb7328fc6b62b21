/**
 * Issue 14: the engine stops a position out when the price crosses the level stored on its row
 * (migration 1764600000000_engine_levels.sql), not by evaluating the rule on every position. The
 * stored level must be the rule: for any position and any price, `price crosses the level` holds
 * exactly when isStopOut does, and the database's question (stopOutsCrossed) answers the same.
 * What the user is shown is the stored level, and rows without one get it from the engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractAmount, marginFor, type OrderDto } from '../../../src/lib/trade'
import { isStopOut, squareOffAt, stopOutPrice, type Position } from '../../../server/trade/position-rules'
import { DEFAULT_TRADING_RULES, type TradingRules } from '../../../server/trade/rules'
import { stopOutsCrossed, type NewOrder } from '../../../server/trade/repository'
import { positionOf } from '../../../server/trade/service'
import { createClock, createTestApp, type TestApp } from '../helpers'
import { create, detail, orderOf, trader, type Trader } from './support'

/** A repeatable stream of numbers, so a failure names a position that fails again. */
function random(seed: number): (below: number) => number {
  let state = seed >>> 0
  return (below) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state % below
  }
}

/** Unit divisors of a stock, a forex pair (100 x base amount) and a coin (millionths). */
const DIVISORS = [1, 100, 100_000, 1_000_000]

function somePosition(next: (below: number) => number, rules: TradingRules): Position {
  const unitDivisor = DIVISORS[next(DIVISORS.length)]!
  const quantity = (1 + next(unitDivisor === 1 ? 5_000 : 50)) * (unitDivisor === 1 ? 1 : 1 + next(unitDivisor))
  const entryPrice = 1 + next(5_000_000)
  const leverage = rules.leverages[next(rules.leverages.length)]!
  const amount = contractAmount(quantity, entryPrice, unitDivisor)
  return {
    direction: next(2) === 0 ? 'long' : 'short',
    quantity,
    entryPrice,
    unitDivisor,
    leverage,
    margin: Math.max(1, marginFor(amount, leverage)),
    openedAt: 0,
    unlockAt: 0,
    dayTrading: false,
    status: next(2) === 0 ? 'holding' : 'locked',
  }
}

/** What the engine's question asks of a stored level: a long at or below it, a short at or above. */
function crosses(position: Pick<Position, 'direction'>, level: number, price: number): boolean {
  return position.direction === 'long' ? price <= level : price >= level
}

/** Prices around the level, the entry and the extremes, and a few anywhere. */
function pricesToTry(position: Position, level: number, next: (below: number) => number): number[] {
  const prices = [1, 2, position.entryPrice, position.entryPrice - 1, position.entryPrice + 1, 3 * position.entryPrice]
  for (let d = -3; d <= 3; d++) prices.push(level + d)
  for (let i = 0; i < 6; i++) prices.push(1 + next(3 * position.entryPrice + 10))
  return prices.filter((p) => p >= 1 && Number.isSafeInteger(p))
}

describe('the stored stop-out level is the stop-out rule', () => {
  for (const stopOutMarginPct of [DEFAULT_TRADING_RULES.stopOutMarginPct, 0, 50, 99]) {
    it(`agrees with isStopOut for longs and shorts at every leverage, edge prices included (stop-out at ${stopOutMarginPct}%)`, () => {
      const rules: TradingRules = { ...DEFAULT_TRADING_RULES, leverages: [1, 2, 5, 10, 20, 100], stopOutMarginPct }
      const next = random(14 + stopOutMarginPct)
      let checked = 0
      for (let i = 0; i < 3_000; i++) {
        const position = somePosition(next, rules)
        const level = stopOutPrice(position, rules)
        for (const price of pricesToTry(position, level, next)) {
          const rule = isStopOut(position, price, rules)
          if (crosses(position, level, price) !== rule) {
            throw new Error(`level ${level} of ${JSON.stringify(position)} says ${!rule} at ${price}, the rule ${rule}`)
          }
          checked++
        }
        // The level is the boundary itself: it triggers, and the next price towards the entry does not.
        if (level >= 1) expect(isStopOut(position, level, rules)).toBe(true)
        const inside = position.direction === 'long' ? level + 1 : level - 1
        if (inside >= 1) expect(isStopOut(position, inside, rules)).toBe(false)
      }
      expect(checked).toBeGreaterThan(3_000 * 15)
    })
  }
})

describe('the engine asks the database for the levels crossed', () => {
  let t: TestApp
  let who: Trader
  beforeAll(async () => {
    t = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z') })
    who = await trader(t, '9714000001', 10_000_000_000)
  })
  afterAll(() => t.close())

  it('finds exactly the positions the rule stops out, for any prices', async () => {
    const rules = t.config.trading
    const next = random(1414)
    const symbols = ['SYM_A', 'SYM_B', 'SYM_C']
    const positions: (Position & { symbol: string; level: number })[] = []
    for (let i = 0; i < 300; i++) {
      const position = somePosition(next, rules)
      positions.push({ ...position, symbol: symbols[i % symbols.length]!, level: stopOutPrice(position, rules) })
    }
    const at = t.clock.now()
    const rows = positions.map(
      (p): NewOrder => ({
        user_id: who.userId,
        symbol: p.symbol,
        kind: 'stock',
        type: 'market',
        direction: p.direction,
        lots: 1,
        quantity: p.quantity,
        unit_divisor: p.unitDivisor,
        quantity_scale: 1,
        leverage: p.leverage,
        day_trading: false,
        limit_price: null,
        entry_price: p.entryPrice,
        exit_price: null,
        margin: p.margin,
        fee: 0,
        stamp_duty: 0,
        total_debit: p.margin,
        close_fee: null,
        close_stamp_duty: null,
        pnl: null,
        cash_returned: null,
        status: p.status,
        unlock_at: at,
        created_at: at,
        opened_at: at,
        closed_at: null,
        close_reason: null,
        updated_at: at,
        stop_out_price: p.level,
      }),
    )
    const ids = (await t.database.db.insertInto('orders').values(rows).returning('id').execute()).map((r) => r.id).sort((a, b) => a - b)
    try {
      for (let round = 0; round < 40; round++) {
        // Prices taken at some positions' levels (and one off), and anywhere.
        const prices = symbols.map((symbol) => {
          const mine = positions.filter((p) => p.symbol === symbol)
          const pick = mine[next(mine.length)]!
          const price = round % 3 === 0 ? 1 + next(3 * pick.entryPrice) : Math.max(1, pick.level + next(3) - 1)
          return { symbol, price }
        })
        const expected = positions
          .map((p, i) => ({ p, id: ids[i]! }))
          .filter(({ p }) => isStopOut(p, prices.find((x) => x.symbol === p.symbol)!.price, rules))
          .map(({ id }) => id)
        const found = (await stopOutsCrossed(t.database.db, prices, t.clock.now())).map((r) => r.id).filter((id) => ids.includes(id))
        expect(found).toEqual(expected)
      }
    } finally {
      await t.database.db.deleteFrom('orders').where('id', 'in', ids).execute()
    }
  })

  it('stores the level when a market order opens and when a limit order fills, and shows the stored one', async () => {
    const rules = t.config.trading
    const market = orderOf(await create(t, who, { symbol: 'INFY', leverage: 10 }))
    const row = await t.database.db.selectFrom('orders').selectAll().where('id', '=', market.id).executeTakeFirstOrThrow()
    expect(row.stop_out_price).toBe(stopOutPrice(positionOf(row), rules))
    expect(market.stopOutPrice).toBe(row.stop_out_price)

    const { quote, band } = await detail(t, 'INFY')
    const limit = orderOf(await create(t, who, { symbol: 'INFY', type: 'limit', direction: 'short', leverage: 5, price: Math.max(band!.min, quote.price - 100) }))
    expect((await t.database.db.selectFrom('orders').select('stop_out_price').where('id', '=', limit.id).executeTakeFirstOrThrow()).stop_out_price).toBeNull()
    expect((await t.app.trading.sweep(t.clock.now())).filled).toBeGreaterThanOrEqual(1)
    const filled = await t.database.db.selectFrom('orders').selectAll().where('id', '=', limit.id).executeTakeFirstOrThrow()
    expect(filled.status).toBe('locked')
    expect(filled.stop_out_price).toBe(stopOutPrice(positionOf(filled), rules))

    // The reply reads the row's level: what the user sees is what the engine applies.
    await t.database.db.updateTable('orders').set({ stop_out_price: 12_345 }).where('id', '=', market.id).execute()
    const listed = (await t.call('/order/list', { size: 100 }, { headers: who.headers })).body.data as { data: OrderDto[] }
    expect(listed.data.find((o) => o.id === market.id)!.stopOutPrice).toBe(12_345)
    await t.database.db.updateTable('orders').set({ stop_out_price: row.stop_out_price }).where('id', '=', market.id).execute()
  })

  it('gives rows without levels (opened before the migration, or by another path) the ones the rules give', async () => {
    const rules = t.config.trading
    const position = orderOf(await create(t, who, { symbol: 'TCS', leverage: 2, dayTrading: true }))
    const { band } = await detail(t, 'TCS')
    const resting = orderOf(await create(t, who, { symbol: 'TCS', type: 'limit', price: band!.min, dayTrading: true }))
    const ids = [position.id, resting.id]
    const before = await t.database.db.selectFrom('orders').select(['id', 'stop_out_price', 'square_off_at']).where('id', 'in', ids).orderBy('id').execute()
    expect(before[0]!.square_off_at).toBe(squareOffAt(position.openedAt!, rules))
    expect(before[1]!.square_off_at).toBe(squareOffAt(resting.createdAt, rules))
    await t.database.db.updateTable('orders').set({ stop_out_price: null, square_off_at: null }).where('id', 'in', ids).execute()
    await t.app.trading.sweep(t.clock.now())
    const after = await t.database.db.selectFrom('orders').select(['id', 'stop_out_price', 'square_off_at']).where('id', 'in', ids).orderBy('id').execute()
    expect(after).toEqual(before)
  })
})
