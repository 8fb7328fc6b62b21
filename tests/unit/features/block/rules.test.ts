import { describe, expect, it } from 'vitest'
import { type BlockOffering } from '../../../../src/contract/replies'
import { applicationCost, checkApplication, isBehind, formatBps, formatCountdown, minimumLots, maximumLots, priceSteps, released, stageAt } from '../../../../src/features/block/rules'
import { DEFAULT_CLIENT_TRADING_RULES } from '../../../../src/lib/trade'

const T = 1_800_000_000_000
const MIN = 60_000
// A morning offering priced off a previous close of ₹1,523.45 at a 2.5 % discount inside NSE's 3 % band.
const offering: BlockOffering = {
  id: 1,
  symbol: 'TJBLOCK',
  name: 'Block Bearings (fictional)',
  session: 'morning',
  shares: 50_000,
  lotSize: 100,
  opensAt: T - 10 * MIN,
  closesAt: T,
  allocateAt: T + 5 * MIN,
  referenceKind: 'previous_close',
  referenceFrom: null,
  referenceTo: null,
  referencePrice: 152_345,
  discountBps: 250,
  bandBps: 300,
  price: 148_535,
  bandMin: 147_775,
  bandMax: 156_915,
  minShares: 100,
  minAmount: 200_000_000,
  lockUnit: 'day',
  lockCount: 5,
  stage: 'open',
  commitment: 'ab'.repeat(32),
  applications: 3,
  appliedShares: 9_000,
  allocatedAt: null,
  cancelReason: null,
}

describe('stageAt', () => {
  it('moves upcoming, open and closed on with the clock, and keeps allocated and cancelled', () => {
    expect(stageAt({ ...offering, stage: 'upcoming' }, T - 11 * MIN)).toBe('upcoming')
    expect(stageAt({ ...offering, stage: 'upcoming' }, T - 10 * MIN)).toBe('open')
    expect(stageAt(offering, T)).toBe('closed')
    expect(stageAt({ ...offering, stage: 'allocated' }, T - MIN)).toBe('allocated')
    expect(stageAt({ ...offering, stage: 'cancelled' }, T - MIN)).toBe('cancelled')
  })
})

describe('isBehind', () => {
  it('says a copy needs fetching again when the window opened without its price, or the allocation is due', () => {
    const unpriced = { ...offering, stage: 'upcoming' as const, price: null, referencePrice: null }
    expect(isBehind(unpriced, T - 11 * MIN)).toBe(false)
    expect(isBehind(unpriced, T - 10 * MIN)).toBe(true)
    expect(isBehind(offering, T - MIN)).toBe(false)
    expect(isBehind(offering, T + 4 * MIN)).toBe(false)
    expect(isBehind(offering, T + 5 * MIN)).toBe(true)
    expect(isBehind({ ...offering, stage: 'allocated' }, T + 5 * MIN)).toBe(false)
    expect(isBehind({ ...offering, stage: 'cancelled', price: null }, T - MIN)).toBe(false)
  })
})

describe('priceSteps', () => {
  it('works the price out from the reference: ₹1,523.45 x (1 - 2.50 %) = ₹1,485.36, down to the 5-paise tick = ₹1,485.35, inside ₹1,477.75..₹1,569.15', () => {
    // 152,345 x 9,750 / 10,000 = 148,536.375 -> 148,536 paise; down to a tick of 5 -> 148,535.
    const steps = priceSteps(offering, 5)!
    expect(steps).toMatchObject({ reference: 152_345, discounted: 148_536, price: 148_535, off: 3_810, bandMin: 147_775, bandMax: 156_915, raisedToBand: false })
    expect(steps.followsRule).toBe(true)
    expect(steps.insideBand).toBe(true)
  })

  it('finds a price that does not follow from the reference, or a published band that is not the reference ± bandBps', () => {
    expect(priceSteps({ ...offering, price: 148_000 }, 5)!.followsRule).toBe(false)
    expect(priceSteps({ ...offering, price: 148_540 }, 5)!.followsRule).toBe(false)
    expect(priceSteps({ ...offering, bandMin: 140_000 }, 5)!.followsRule).toBe(false)
    // Without the tick, only "not above the discounted price" can be checked.
    expect(priceSteps({ ...offering, price: 148_000 })!.followsRule).toBe(true)
    expect(priceSteps({ ...offering, price: 148_540 })!.followsRule).toBe(false)
  })

  it('lifts a price rounded below the band to the lowest tick inside it (discount equal to the band)', () => {
    // 100,003 x 0.97 = 97,002.91 -> 97,002; band min = ceil(97,002.91) = 97,003; tick 5: 97,000 < min -> 97,005.
    const steps = priceSteps({ ...offering, referencePrice: 100_003, discountBps: 300, price: 97_005, bandMin: null, bandMax: null }, 5)!
    expect(steps).toMatchObject({ discounted: 97_002, bandMin: 97_003, raisedToBand: true, followsRule: true, insideBand: true })
  })

  it('says when a price is outside the band, and is null before the reference is known', () => {
    expect(priceSteps({ ...offering, price: 140_000 }, 5)!.insideBand).toBe(false)
    expect(priceSteps({ ...offering, referencePrice: null, price: null })).toBeNull()
  })
})

describe('minimumLots', () => {
  it('asks enough whole lots for both the minimum shares and the minimum amount', () => {
    // ₹20,00,000 at ₹1,485.35 a share: 1,346.5 shares -> 14 lots of 100 (1,400 shares, ₹20,79,490).
    expect(minimumLots(offering)).toBe(14)
    expect(minimumLots({ ...offering, minAmount: 0, minShares: 250 })).toBe(3)
    // Before the price is known, the shares alone decide.
    expect(minimumLots({ ...offering, price: null })).toBe(1)
    expect(maximumLots(offering)).toBe(500)
  })
})

describe('applicationCost', () => {
  it('freezes the amount plus the handling fee and stamp duty of a buy order of that amount', () => {
    // 1,400 x ₹1,485.35 = ₹20,79,490.00; fee 0.03 % = ₹623.85; duty 0.015 % = ₹311.92 (half up).
    expect(applicationCost(1_400, 148_535, DEFAULT_CLIENT_TRADING_RULES)).toEqual({ amount: 207_949_000, fee: 62_385 + 31_192, frozen: 207_949_000 + 93_577 })
    // A small amount pays the minimum handling fee (₹10).
    expect(applicationCost(1, 10_000, DEFAULT_CLIENT_TRADING_RULES)).toEqual({ amount: 10_000, fee: 1_000 + 2, frozen: 11_002 })
  })
})

describe('checkApplication', () => {
  const now = T - 5 * MIN
  it('refuses outside the window (and before the price is set) with the window, as the server does (block_closed)', () => {
    expect(checkApplication(offering, 1_400, T)).toEqual({ code: 'block_closed', params: { opens: offering.opensAt, closes: offering.closesAt } })
    expect(checkApplication({ ...offering, price: null }, 1_400, now)?.code).toBe('block_closed')
  })

  it('refuses a part lot, fewer shares than the minimum, then an amount below the minimum, in that order', () => {
    expect(checkApplication(offering, 1_450, now)).toEqual({ code: 'block_lot_invalid', params: { lot: 100 } })
    expect(checkApplication({ ...offering, minShares: 2_000 }, 1_400, now)).toEqual({ code: 'block_below_min_shares', params: { min: 2_000 } })
    expect(checkApplication(offering, 1_300, now)).toEqual({ code: 'block_below_min_amount', params: { min: 200_000_000 } })
    expect(checkApplication(offering, 1_400, now)).toBeNull()
  })
})

describe('formatting and records', () => {
  it('counts down in h:mm:ss and writes basis points as a percentage', () => {
    expect(formatCountdown(3_725_000)).toBe('1:02:05')
    expect(formatCountdown(26 * 3_600_000)).toBe('26:00:00')
    expect(formatCountdown(-5)).toBe('0:00:00')
    expect(formatCountdown(400)).toBe('0:00:01')
    expect(formatBps(300)).toBe('3.00%')
    expect(formatBps(25)).toBe('0.25%')
  })

  it('releases what the allocation did not use, nothing while still applied', () => {
    expect(released({ status: 'allocated', frozen: 1_000, paid: 600 })).toBe(400)
    expect(released({ status: 'not_allocated', frozen: 1_000, paid: 0 })).toBe(1_000)
    expect(released({ status: 'applied', frozen: 1_000, paid: 0 })).toBe(0)
  })
})
