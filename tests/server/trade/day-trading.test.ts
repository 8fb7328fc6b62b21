/**
 * Day trading's window in each profile, on the real app with a moved clock: the demo's market
 * trades the whole India day, so its cut-off follows that session (23:45 India time); production
 * keeps 15:15 inside NSE's 09:15-15:30. The config publishes the cut-off the orders are held to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertOrganisationCode } from '../../../server/accounts/repository'
import { createClock, createTestApp, type TestApp } from '../helpers'
import { create, expectBooksWhole, orderOf, refusal, trader, type Trader } from './support'

async function publishedCutoff(t: TestApp): Promise<unknown> {
  const items = (await t.call('/common/config', {})).body.data as { name: string; value: string }[]
  return items.find((i) => i.name === 'day_trading_cutoff')?.value
}

describe('day trading in the demo (market open around the clock)', () => {
  let t: TestApp
  let who: Trader
  beforeAll(async () => {
    // Monday 12 January 2026, 16:00 India time: past NSE's 15:15, inside the demo's day.
    t = await createTestApp({ clock: createClock('2026-01-12T10:30:00Z') })
    who = await trader(t, '9710000201', 10_000_000_000)
  })
  afterAll(() => t.close())

  it('publishes the cut-off of its 24-hour session', async () => {
    expect(await publishedCutoff(t)).toBe('23:45')
  })

  it('takes a day trade after 15:15 and squares it off at 23:45 India time', async () => {
    const position = orderOf(await create(t, who, { symbol: 'TCS', dayTrading: true }))
    expect(position.squareOffAt).toBe(Date.parse('2026-01-12T18:15:00Z'))
    t.clock.set('2026-01-12T18:14:59Z') // 23:44:59
    expect((await t.app.trading.sweep(t.clock.now())).squaredOff).toBe(0)
    t.clock.set('2026-01-12T18:15:00Z') // 23:45
    expect((await t.app.trading.sweep(t.clock.now())).squaredOff).toBe(1)
    await expectBooksWhole(t)
  })

  it('refuses a day trade from the cut-off to midnight, and takes one again from 00:00', async () => {
    t.clock.set('2026-01-12T18:15:00Z') // 23:45
    expect(refusal(await create(t, who, { symbol: 'TCS', dayTrading: true }))).toEqual({ code: 'day_trading_closed', params: { cutoff: '23:45' } })
    t.clock.set('2026-01-12T18:29:59Z') // 23:59:59
    expect(refusal(await create(t, who, { symbol: 'TCS', dayTrading: true })).code).toBe('day_trading_closed')
    // An ordinary order is still taken: only day trading has a cut-off.
    expect(orderOf(await create(t, who, { symbol: 'TCS' })).dayTrading).toBe(false)
    t.clock.set('2026-01-12T18:30:00Z') // Tuesday 00:00
    const next = orderOf(await create(t, who, { symbol: 'TCS', dayTrading: true }))
    expect(next.squareOffAt).toBe(Date.parse('2026-01-13T18:15:00Z'))
  })
})

describe('day trading in production (NSE hours)', () => {
  let p: TestApp
  let who: Trader
  beforeAll(async () => {
    // Monday 12 January 2026, 15:14 India time.
    p = await createTestApp({ profile: 'production', clock: createClock('2026-01-12T09:44:00Z') })
    await insertOrganisationCode(p.database.db, p.config.demoInviteCode, 'test', p.clock.now())
    who = await trader(p, '9710000202', 10_000_000_000)
  })
  afterAll(() => p.close())

  it('keeps the 15:15 cut-off inside the 09:15-15:30 session', async () => {
    expect(await publishedCutoff(p)).toBe('15:15')
    expect(orderOf(await create(p, who, { symbol: 'TCS', dayTrading: true })).squareOffAt).toBe(Date.parse('2026-01-12T09:45:00Z'))
    p.clock.set('2026-01-12T09:45:00Z')
    expect(refusal(await create(p, who, { symbol: 'TCS', dayTrading: true }))).toEqual({ code: 'day_trading_closed', params: { cutoff: '15:15' } })
  })
})
