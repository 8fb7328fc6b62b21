import { describe, expect, it } from 'vitest'
import { buildEntry, sumsByCurrency, type LedgerLeg } from '../../../server/ledger/rules'
import { type OrderInput, validateOrder } from '../../../server/trade/order-rules'
import { closeSettlement, isStopOut, stopOutPrice, type Position } from '../../../server/trade/position-rules'
import {
  HOUSE_HANDLING_FEES,
  HOUSE_POSITION_MARGIN,
  HOUSE_STAMP_DUTY,
  HOUSE_TRADING_PNL,
  closePositionEntry,
  freezeOrderEntry,
  openPositionEntry,
  unfreezeOrderEntry,
  type TradeEntryDraft,
} from '../../../server/trade/ledger-legs'
import { DEFAULT_TRADING_RULES, priceBand, type TradingRules } from '../../../server/trade/rules'
// Seeded (server/market/random.ts), so a failing case can be replayed from its seed.
import { createRng } from '../../../server/market/random'

const rules: TradingRules = DEFAULT_TRADING_RULES
const costs = { margin: 10_000_000, fee: 15_000, stampDuty: 7_500, totalDebit: 10_022_500 }

/** Passes the entry through the real buildEntry, and checks it balances per currency. */
function acceptedByLedger(entry: TradeEntryDraft): boolean {
  buildEntry(entry)
  return [...sumsByCurrency(entry.legs).values()].every((sum) => sum === 0)
}

function legsOf(entry: TradeEntryDraft): Record<string, number> {
  return Object.fromEntries(entry.legs.map((l) => [l.account, l.amount]))
}

describe('trading ledger entries', () => {
  it('freezes margin, fee and duty of a pending order', () => {
    const entry = freezeOrderEntry(7, 'O1', costs)
    expect(entry).toMatchObject({ reason: 'order_freeze', reference: 'O1', operator: null })
    expect(legsOf(entry)).toEqual({ 'user:7:available': -10_022_500, 'user:7:frozen': 10_022_500 })
    expect(acceptedByLedger(entry)).toBe(true)
  })

  it('unfreezes exactly that on cancel', () => {
    const entry = unfreezeOrderEntry(7, 'O1', costs)
    expect(entry.reason).toBe('order_unfreeze')
    expect(legsOf(entry)).toEqual({ 'user:7:frozen': -10_022_500, 'user:7:available': 10_022_500 })
    expect(acceptedByLedger(entry)).toBe(true)
  })

  it('opens a position: margin to the house margin account, fee and duty to theirs', () => {
    const fromAvailable = openPositionEntry(7, 'O2', costs, 'available')
    expect(fromAvailable.reason).toBe('position_open')
    expect(legsOf(fromAvailable)).toEqual({
      'user:7:available': -10_022_500,
      [HOUSE_POSITION_MARGIN]: 10_000_000,
      [HOUSE_HANDLING_FEES]: 15_000,
      [HOUSE_STAMP_DUTY]: 7_500,
    })
    expect(acceptedByLedger(fromAvailable)).toBe(true)
    expect(legsOf(openPositionEntry(7, 'O2', costs, 'frozen'))['user:7:frozen']).toBe(-10_022_500)
  })

  it('leaves out the duty leg of a short, which pays none when it opens', () => {
    const entry = openPositionEntry(7, 'O3', { margin: 10_000_000, fee: 15_000, stampDuty: 0 }, 'available')
    expect(entry.legs.map((l: LedgerLeg) => l.account)).not.toContain(HOUSE_STAMP_DUTY)
    expect(acceptedByLedger(entry)).toBe(true)
  })

  it('closes at a profit: the house P&L account pays the profit', () => {
    const position: Position = {
      direction: 'long',
      quantity: 100,
      entryPrice: 100_000,
      unitDivisor: 1,
      leverage: 10,
      margin: 1_000_000,
      openedAt: 0,
      unlockAt: 0,
      dayTrading: false,
      status: 'holding',
    }
    const entry = closePositionEntry(7, 'O4', closeSettlement(position, 105_000, rules))
    expect(entry.reason).toBe('position_close')
    expect(legsOf(entry)).toEqual({
      [HOUSE_POSITION_MARGIN]: -1_000_000,
      'user:7:available': 1_496_850,
      [HOUSE_HANDLING_FEES]: 3150,
      [HOUSE_TRADING_PNL]: -500_000,
    })
    expect(acceptedByLedger(entry)).toBe(true)
  })

  it('closes at a loss: the house P&L account takes the loss', () => {
    const entry = closePositionEntry(7, 'O5', { margin: 1_000_000, cashReturned: 596_000, fee: 4000, stampDuty: 0 })
    expect(legsOf(entry)[HOUSE_TRADING_PNL]).toBe(400_000)
    expect(acceptedByLedger(entry)).toBe(true)
  })

  it('drops the P&L leg when the close exactly breaks even after charges', () => {
    const entry = closePositionEntry(7, 'O6', { margin: 1_000_000, cashReturned: 996_000, fee: 4000, stampDuty: 0 })
    expect(entry.legs.map((l) => l.account)).not.toContain(HOUSE_TRADING_PNL)
    expect(acceptedByLedger(entry)).toBe(true)
  })

  it('drops the user leg of a wiped-out close and lets the house absorb the loss beyond the margin', () => {
    const entry = closePositionEntry(7, 'O7', { margin: 1_000, cashReturned: 0, fee: 1_500, stampDuty: 20 })
    expect(legsOf(entry)).toEqual({ [HOUSE_POSITION_MARGIN]: -1_000, [HOUSE_HANDLING_FEES]: 1_500, [HOUSE_STAMP_DUTY]: 20, [HOUSE_TRADING_PNL]: -520 })
    expect(acceptedByLedger(entry)).toBe(true)
  })

  it('throws on amounts no rule could produce: a zero freeze, a fractional fee, negative cash', () => {
    expect(() => freezeOrderEntry(7, 'O', { totalDebit: 0 })).toThrow()
    expect(() => openPositionEntry(7, 'O', { margin: 100, fee: 1.5, stampDuty: 0 }, 'available')).toThrow(/whole paise/)
    expect(() => closePositionEntry(7, 'O', { margin: 100, cashReturned: -1, fee: 0, stampDuty: 0 })).toThrow(/cash returned/)
  })
})

describe('randomised trading runs', () => {
  it('never returns negative cash on a close and always posts balanced entries', () => {
    const random = createRng(20260112).uniform
    const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1))
    const pick = <T,>(items: readonly T[]): T => items[int(0, items.length - 1)] as T
    const CASES = 5000
    let closes = 0
    let wipedOut = 0

    for (let i = 0; i < CASES; i++) {
      const caseRules: TradingRules = {
        ...rules,
        lotSize: pick([1, 10, 50, 100, 500]),
        handlingFeePerLakh: int(0, 100),
        minHandlingFee: int(0, 5000),
        stampDutyPerLakh: int(0, 30),
        priceBandPct: pick([2, 5, 10, 20]),
        stopOutMarginPct: int(0, 90),
      }
      const previousClose = int(100, 1_000_000)
      const kind = pick(['market', 'limit'] as const)
      const band = priceBand(previousClose, caseRules)
      const input: OrderInput = {
        kind,
        direction: pick(['long', 'short'] as const),
        lots: int(1, 50),
        leverage: pick(caseRules.leverages),
        limitPrice: kind === 'limit' ? int(band.min, band.max) : null,
      }
      const available = int(0, 3_000_000_000)
      const result = validateOrder(input, {
        rules: caseRules,
        now: 0,
        market: { open: true },
        marketPrice: previousClose,
        previousClose,
        account: { noTrade: false, marginTradingEnabled: true, realNameStatus: 'verified' },
        available,
      })
      if (!result.ok) {
        expect(result.refusal.code, `case ${i}`).toBe('insufficient_balance')
        expect(Number(result.refusal.params.required)).toBeGreaterThan(available)
        continue
      }
      const quote = result.value
      const userId = int(1, 1000)
      const entries: TradeEntryDraft[] = []
      if (kind === 'limit') {
        entries.push(freezeOrderEntry(userId, `O${i}`, quote))
        if (random() < 0.2) entries.push(unfreezeOrderEntry(userId, `O${i}`, quote))
        else entries.push(openPositionEntry(userId, `O${i}`, quote, 'frozen'))
      } else {
        entries.push(openPositionEntry(userId, `O${i}`, quote, 'available'))
      }

      let cashReturned = 0
      const filled = entries.at(-1)?.reason === 'position_open'
      if (filled) {
        const position: Position = {
          direction: input.direction,
          quantity: quote.quantity,
          entryPrice: quote.price,
          unitDivisor: 1,
          leverage: input.leverage,
          margin: quote.margin,
          openedAt: 0,
          unlockAt: 0,
          dayTrading: false,
          status: 'holding',
        }
        const stopAt = stopOutPrice(position, caseRules)
        if (stopAt > 0) {
          expect(isStopOut(position, stopAt, caseRules), `case ${i}`).toBe(true)
          expect(isStopOut(position, input.direction === 'long' ? stopAt + 1 : stopAt - 1, caseRules), `case ${i}`).toBe(false)
        }
        // Exits anywhere from a crash to a tripling, and the stop-out level itself.
        const tenth = Math.floor(quote.price / 10)
        const exitPrice = pick([int(1, quote.price * 3), int(quote.price - tenth, quote.price + tenth), Math.max(1, stopAt)])
        const settlement = closeSettlement(position, exitPrice, caseRules)
        expect(settlement.cashReturned, `case ${i}`).toBeGreaterThanOrEqual(0)
        expect(settlement.cashReturned - settlement.lossBeyondMargin).toBe(settlement.margin + settlement.pnl - settlement.fee - settlement.stampDuty)
        if (settlement.cashReturned === 0) wipedOut++
        cashReturned = settlement.cashReturned
        entries.push(closePositionEntry(userId, `O${i}`, settlement))
        closes++
      }

      const balances = new Map<string, number>()
      for (const entry of entries) {
        expect(acceptedByLedger(entry), `case ${i} ${entry.reason}`).toBe(true)
        for (const l of entry.legs) balances.set(l.account, (balances.get(l.account) ?? 0) + l.amount)
      }
      // After the run nothing is left frozen or held, and the user's cash moved by exactly what the close returned less what the open cost.
      expect(balances.get(`user:${userId}:frozen`) ?? 0, `case ${i}`).toBe(0)
      expect(balances.get(HOUSE_POSITION_MARGIN) ?? 0, `case ${i}`).toBe(0)
      expect(balances.get(`user:${userId}:available`) ?? 0, `case ${i}`).toBe(filled ? cashReturned - quote.totalDebit : 0)
      expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0)
    }
    // The run must have exercised closes, including ones the margin could not cover.
    expect(closes).toBeGreaterThan(CASES / 2)
    expect(wipedOut).toBeGreaterThan(0)
  })
})
