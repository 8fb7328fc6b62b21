import { describe, expect, it } from 'vitest'
import {
  canClose,
  closeRefusal,
  closeSettlement,
  displayStatus,
  isSquareOffDue,
  isStopOut,
  marketValue,
  nextStatus,
  positionPnl,
  squareOffAt,
  stopOutPrice,
  type Position,
  type PositionEvent,
  type PositionStatus,
} from '../../../server/trade/position-rules'
import { DEFAULT_TRADING_RULES, unlockTime, type TradingRules } from '../../../server/trade/rules'

const rules: TradingRules = DEFAULT_TRADING_RULES
const openedAt = Date.parse('2026-01-12T04:00:00Z') // Monday 09:30 India time

// 100 shares at ₹1,000 with 10x leverage: amount ₹1,00,000, margin ₹10,000.
const long: Position = {
  direction: 'long',
  quantity: 100,
  entryPrice: 100_000,
  unitDivisor: 1,
  leverage: 10,
  margin: 1_000_000,
  openedAt,
  unlockAt: openedAt,
  dayTrading: false,
  status: 'holding',
}
const short: Position = { ...long, direction: 'short' }

describe('profit and loss', () => {
  it('gains on a long when the price rises and loses when it falls', () => {
    expect(positionPnl(long, 105_000)).toBe(500_000)
    expect(positionPnl(long, 95_000)).toBe(-500_000)
    expect(positionPnl(long, 100_000)).toBe(0)
  })

  it('gains on a short when the price falls and loses when it rises', () => {
    expect(positionPnl(short, 95_000)).toBe(500_000)
    expect(positionPnl(short, 105_000)).toBe(-500_000)
  })

  it('values the position at quantity x current price for either direction', () => {
    expect(marketValue(long, 105_000)).toBe(10_500_000)
    expect(marketValue(short, 105_000)).toBe(10_500_000)
  })
})

describe('close settlement', () => {
  it('returns margin + profit - close fee on a long, with no stamp duty because it sells', () => {
    // Close amount ₹1,05,000: fee 0.03% = ₹31.50.
    expect(closeSettlement(long, 105_000, rules)).toEqual({
      exitPrice: 105_000,
      contractAmount: 10_500_000,
      pnl: 500_000,
      fee: 3150,
      stampDuty: 0,
      margin: 1_000_000,
      cashReturned: 1_496_850,
      lossBeyondMargin: 0,
    })
  })

  it('charges a short stamp duty when it closes, because it buys back', () => {
    // Close amount ₹95,000: fee ₹28.50, duty 0.015% = ₹14.25.
    expect(closeSettlement(short, 95_000, rules)).toMatchObject({ pnl: 500_000, fee: 2850, stampDuty: 1425, cashReturned: 1_495_725 })
  })

  it('returns margin - loss - fee on a losing position', () => {
    expect(closeSettlement(short, 104_000, rules)).toMatchObject({ pnl: -400_000, cashReturned: 1_000_000 - 400_000 - 3120 - 1560 })
  })

  it('returns nothing, never a negative amount, when a gap takes the loss beyond the margin', () => {
    // A fall to ₹800 loses ₹20,000 on ₹10,000 of margin; the house absorbs the rest and the fee.
    expect(closeSettlement(long, 80_000, rules)).toMatchObject({ pnl: -2_000_000, fee: 2400, cashReturned: 0, lossBeyondMargin: 1_002_400 })
  })
})

describe('lock', () => {
  it('refuses a close before the lock minutes have passed and allows it at unlock time', () => {
    const unlockAt = unlockTime(openedAt, { unit: 'minutes', count: 30 }, () => {
      throw new Error('minutes need no calendar')
    })
    const position = { ...long, status: 'locked' as const, unlockAt }
    expect(closeRefusal(position, unlockAt - 1)).toMatchObject({ code: 'position_locked', params: { unlockAt: openedAt + 1_800_000 } })
    expect(canClose(position, unlockAt - 1)).toBe(false)
    expect(closeRefusal(position, unlockAt)).toBeNull()
    expect(canClose(position, unlockAt)).toBe(true)
  })

  it('honours T+N trading days from the calendar, over a weekend', () => {
    // A stand-in calendar: weekdays only, unlocking at the 09:15 India open (03:45 UTC).
    const addTradingDays = (ms: number, n: number): number => {
      const day = new Date(ms)
      let left = n
      while (left > 0) {
        day.setUTCDate(day.getUTCDate() + 1)
        if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left -= 1
      }
      return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 3, 45)
    }
    const friday = Date.parse('2026-01-16T05:00:00Z')
    const unlockAt = unlockTime(friday, { unit: 'trading_days', count: 1 }, addTradingDays)
    expect(unlockAt).toBe(Date.parse('2026-01-19T03:45:00Z'))
    const position = { ...long, openedAt: friday, unlockAt, status: 'locked' as const }
    expect(canClose(position, Date.parse('2026-01-18T10:00:00Z'))).toBe(false)
    expect(canClose(position, Date.parse('2026-01-19T03:44:59Z'))).toBe(false)
    expect(canClose(position, Date.parse('2026-01-19T03:45:00Z'))).toBe(true)
  })

  it('refuses to close anything that is not an open position, naming its status', () => {
    for (const status of ['pending', 'cancelled', 'preparing_to_close', 'closed'] as const) {
      expect(closeRefusal({ status, unlockAt: 0 }, openedAt)).toMatchObject({ code: 'position_not_holding', params: { status } })
    }
  })

  it('shows locked until unlock time and holding after, without a sweep', () => {
    const position = { ...long, status: 'locked' as const, unlockAt: openedAt + 60_000 }
    expect(displayStatus(position, openedAt)).toBe('locked')
    expect(displayStatus(position, openedAt + 60_000)).toBe('holding')
    expect(displayStatus({ ...position, status: 'closed' }, openedAt)).toBe('closed')
  })
})

describe('day-trading square-off', () => {
  const dayTrade: Position = { ...long, dayTrading: true }
  const cutoff = Date.parse('2026-01-12T09:45:00Z') // 15:15 India time

  it('is due from 15:15 India time (09:45 UTC) of the day it opened', () => {
    expect(squareOffAt(openedAt, rules)).toBe(cutoff)
    expect(isSquareOffDue(dayTrade, cutoff - 1, rules)).toBe(false)
    expect(isSquareOffDue(dayTrade, cutoff, rules)).toBe(true)
    expect(isSquareOffDue(dayTrade, cutoff + 86_400_000, rules)).toBe(true)
  })

  it('uses the India day, not the UTC day, of the opening', () => {
    // 01:30 India time on the 13th is 20:00 UTC on the 12th; its cut-off is the 13th's.
    const lateOpen = { ...dayTrade, openedAt: Date.parse('2026-01-12T20:00:00Z') }
    expect(isSquareOffDue(lateOpen, cutoff + 1000, rules)).toBe(false)
    expect(isSquareOffDue(lateOpen, Date.parse('2026-01-13T09:45:00Z'), rules)).toBe(true)
  })

  it('follows the configured cut-off', () => {
    expect(isSquareOffDue(dayTrade, cutoff, { ...rules, dayTradingCutoff: '15:20' })).toBe(false)
    expect(isSquareOffDue(dayTrade, Date.parse('2026-01-12T09:50:00Z'), { ...rules, dayTradingCutoff: '15:20' })).toBe(true)
  })

  it('leaves positions that are not day trading, or not open, alone', () => {
    expect(isSquareOffDue(long, cutoff, rules)).toBe(false)
    expect(isSquareOffDue({ ...dayTrade, status: 'closed' }, cutoff, rules)).toBe(false)
    expect(isSquareOffDue({ ...dayTrade, status: 'locked' }, cutoff, rules)).toBe(true)
  })
})

describe('stop-out', () => {
  it('publishes the price at which 80% of the margin is lost, for a long and a short', () => {
    // 80% of ₹10,000 over 100 shares: ₹80 a share.
    expect(stopOutPrice(long, rules)).toBe(92_000)
    expect(stopOutPrice(short, rules)).toBe(108_000)
  })

  it('stops a long out at or below the published price, not a paisa above', () => {
    expect(isStopOut(long, 92_001, rules)).toBe(false)
    expect(isStopOut(long, 92_000, rules)).toBe(true)
    expect(isStopOut(long, 50_000, rules)).toBe(true)
  })

  it('stops a short out at or above the published price, not a paisa below', () => {
    expect(isStopOut(short, 107_999, rules)).toBe(false)
    expect(isStopOut(short, 108_000, rules)).toBe(true)
  })

  it('rounds the published price to the first whole-paise price that triggers', () => {
    // 80% of 10,00,001 paise over 300 shares = 2,666.67 a share -> 2,667.
    const odd = { ...long, quantity: 300, margin: 1_000_001 }
    expect(stopOutPrice(odd, rules)).toBe(100_000 - 2667)
    expect(isStopOut(odd, 100_000 - 2666, rules)).toBe(false)
    expect(isStopOut(odd, 100_000 - 2667, rules)).toBe(true)
  })

  it('follows the configured level', () => {
    // At 50%, half the margin: ₹50 a share.
    expect(stopOutPrice(long, { ...rules, stopOutMarginPct: 50 })).toBe(95_000)
    expect(isStopOut(long, 95_000, { ...rules, stopOutMarginPct: 50 })).toBe(true)
  })

  it('ignores positions that are not open', () => {
    expect(isStopOut({ ...long, status: 'closed' }, 1, rules)).toBe(false)
    expect(isStopOut({ ...long, status: 'locked' }, 1, rules)).toBe(true)
  })
})

describe('status transitions', () => {
  const ALL: PositionStatus[] = ['pending', 'cancelled', 'locked', 'holding', 'preparing_to_close', 'closed']
  const t = 1_000_000

  function outcome(current: PositionStatus, event: PositionEvent): string {
    const result = nextStatus(current, event)
    return result.ok ? result.value : `!${result.refusal.code}`
  }

  it('fills a pending order into locked, or holding when there is no lock', () => {
    expect(outcome('pending', { type: 'fill', at: t, unlockAt: t + 1 })).toBe('locked')
    expect(outcome('pending', { type: 'fill', at: t, unlockAt: t })).toBe('holding')
  })

  it('cancels only a pending order', () => {
    expect(outcome('pending', { type: 'cancel' })).toBe('cancelled')
    for (const status of ALL.filter((s) => s !== 'pending')) {
      const result = nextStatus(status, { type: 'cancel' })
      expect(result).toMatchObject({ ok: false, refusal: { code: 'order_not_pending', params: { status } } })
    }
  })

  it('refuses to fill an order that is no longer pending (a cancel won the race)', () => {
    expect(outcome('cancelled', { type: 'fill', at: t, unlockAt: t })).toBe('!order_not_pending')
  })

  it('closes a holding position, or a locked one past its unlock time', () => {
    expect(outcome('holding', { type: 'close', now: t, unlockAt: t })).toBe('preparing_to_close')
    expect(outcome('locked', { type: 'close', now: t, unlockAt: t })).toBe('preparing_to_close')
  })

  it('refuses a close before unlock time with the unlock time', () => {
    const result = nextStatus('locked', { type: 'close', now: t, unlockAt: t + 5 })
    expect(result).toMatchObject({ ok: false, refusal: { code: 'position_locked', params: { unlockAt: t + 5 } } })
    expect(outcome('holding', { type: 'close', now: t, unlockAt: t + 5 })).toBe('!position_locked')
  })

  it('refuses a close of anything but an open position', () => {
    for (const status of ['pending', 'cancelled', 'preparing_to_close', 'closed'] as const) {
      expect(outcome(status, { type: 'close', now: t, unlockAt: 0 })).toBe('!position_not_holding')
    }
  })

  it('force-closes an open position even inside its lock, for stop-out and square-off', () => {
    expect(outcome('locked', { type: 'force_close', reason: 'stop_out' })).toBe('preparing_to_close')
    expect(outcome('holding', { type: 'force_close', reason: 'square_off' })).toBe('preparing_to_close')
    expect(outcome('closed', { type: 'force_close', reason: 'stop_out' })).toBe('!position_not_holding')
  })

  it('unlocks a locked position only once its time has come', () => {
    expect(outcome('locked', { type: 'unlock', now: t, unlockAt: t })).toBe('holding')
    expect(outcome('locked', { type: 'unlock', now: t - 1, unlockAt: t })).toBe('!position_locked')
    expect(outcome('holding', { type: 'unlock', now: t, unlockAt: t })).toBe('!status_transition_invalid')
  })

  it('settles only a position preparing to close', () => {
    expect(outcome('preparing_to_close', { type: 'settle' })).toBe('closed')
    for (const status of ALL.filter((s) => s !== 'preparing_to_close')) {
      const result = nextStatus(status, { type: 'settle' })
      expect(result).toMatchObject({ ok: false, refusal: { code: 'status_transition_invalid', params: { status, event: 'settle' } } })
    }
  })

  it('never leaves closed or cancelled', () => {
    const events: PositionEvent[] = [
      { type: 'fill', at: t, unlockAt: t },
      { type: 'cancel' },
      { type: 'unlock', now: t, unlockAt: t },
      { type: 'close', now: t, unlockAt: t },
      { type: 'force_close', reason: 'stop_out' },
      { type: 'settle' },
    ]
    for (const status of ['closed', 'cancelled'] as const) {
      for (const event of events) expect(nextStatus(status, event).ok).toBe(false)
    }
  })
})
