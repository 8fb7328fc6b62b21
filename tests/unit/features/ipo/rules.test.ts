import { describe, expect, it } from 'vitest'
import { type IpoIssue } from '../../../../src/contract/replies'
import { amountFor, maxAllottees, oddsOfOneLot, stageAt, tabOf, timeline, timesSubscribed } from '../../../../src/features/ipo/rules'

const T = 1_800_000_000_000
const MIN = 60_000
const issue: IpoIssue = {
  id: 1,
  kind: 'ipo',
  minAmount: null,
  symbol: 'TJLANTERN',
  name: 'Lantern Textiles (fictional)',
  sector: 'Consumer Durables',
  industry: 'Textiles',
  price: 12_000,
  lotSize: 75,
  minLots: 1,
  maxLots: 22,
  retailShares: 2_100_906,
  allottableLots: 28_012,
  paymentMode: 'blocked',
  opensAt: T - 10 * MIN,
  closesAt: T,
  drawAt: T + 3 * MIN,
  refundAt: T + 6 * MIN,
  listingAt: T + 9 * MIN,
  stage: 'open',
  commitment: 'ab'.repeat(32),
  applications: 957_193,
  appliedLots: 1_300_000,
  cancelReason: null,
}

describe('the new-share screens’ arithmetic', () => {
  it('moves the stage on by the clock where the clock decides, and keeps the server’s steps', () => {
    expect(stageAt({ ...issue, stage: 'upcoming' }, T - MIN)).toBe('open')
    expect(stageAt(issue, T)).toBe('closed')
    expect(stageAt(issue, T - 11 * MIN)).toBe('upcoming')
    expect(stageAt({ ...issue, stage: 'drawn' }, T - 11 * MIN)).toBe('drawn')
    expect(stageAt({ ...issue, stage: 'cancelled' }, T + 100 * MIN)).toBe('cancelled')
  })

  it('files drawn and cancelled issues under closed', () => {
    expect([tabOf('upcoming'), tabOf('open'), tabOf('closed'), tabOf('drawn'), tabOf('cancelled'), tabOf('listed')]).toEqual([
      'upcoming',
      'open',
      'closed',
      'closed',
      'closed',
      'listed',
    ])
  })

  it('prices lots at the issue price', () => {
    expect(amountFor(issue, 2)).toBe(2 * 75 * 12_000)
  })

  it('gives the odds of one lot as allottees over applications (SEBI retail rule, CSB Bank 2019: 28,012 of 9,57,193)', () => {
    expect(maxAllottees(issue)).toBe(28_012)
    expect(oddsOfOneLot(issue)).toBeCloseTo(28_012 / 957_193, 12)
    expect(oddsOfOneLot({ ...issue, applications: 28_012 })).toBeNull()
    expect(oddsOfOneLot({ ...issue, kind: 'placement' })).toBeNull()
    expect(maxAllottees({ ...issue, minLots: 3 })).toBe(9_337)
  })

  it('counts times subscribed as lots asked over lots offered', () => {
    expect(timesSubscribed(issue)).toBeCloseTo(1_300_000 / 28_012, 12)
    expect(timesSubscribed({ appliedLots: 5, allottableLots: 0 })).toBe(0)
  })

  it('marks the latest step of the timeline reached', () => {
    expect(timeline(issue, T - 11 * MIN).reached).toBe(-1)
    expect(timeline(issue, T - MIN).reached).toBe(0)
    expect(timeline(issue, T + 3 * MIN).reached).toBe(2)
    expect(timeline(issue, T + 99 * MIN).reached).toBe(4)
    expect(timeline(issue, T).steps.map((s) => s.step)).toEqual(['open', 'close', 'draw', 'refund', 'listing'])
  })
})
