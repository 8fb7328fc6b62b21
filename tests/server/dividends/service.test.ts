import { afterEach, describe, expect, it } from 'vitest'
import { type DividendEntitlement } from '../../../src/contract/replies'
import { loadConfig } from '../../../server/config'
import { calendarSet } from '../../../server/market/days'
import { STOCKS } from '../../../server/market/instruments'
import { corporateActions } from '../../../server/market/simulation'
import { dayNumberKey, dayKeyNumber, indiaDayStart } from '../../../server/market/calendar'
import { decideAndAudit } from '../../../server/reviews/service'
import { driftedBalances, unbalancedEntries } from '../../../server/ledger/repository'
import { HOUSE_DIVIDENDS } from '../../../server/dividends/rules'
import { TEST_MARKET_SEED, createClock, createTestApp, type TestApp } from '../helpers'
import { available, close, create, houseBalance, orderOf, trader, type Trader } from '../trade/support'

/** The first final dividend of 2026 in the test market (the simulation's own corporate actions). */
function firstDividend(): { symbol: string; exDay: string } {
  const nse = calendarSet(loadConfig()).nse
  const found = STOCKS.flatMap((s) => corporateActions(s, 2026, TEST_MARKET_SEED, nse).filter((a) => a.kind === 'dividend'))
  found.sort((a, b) => (a.exDay < b.exDay ? -1 : a.exDay > b.exDay ? 1 : a.symbol < b.symbol ? -1 : 1))
  const first = found[0]!
  return { symbol: first.symbol, exDay: first.exDay }
}

/** The per-share dividend the feed stored on the ex-day (paise), read from the market's own row. */
async function perShareOnExDay(t: TestApp, symbol: string, exDay: string): Promise<number> {
  const row = await t.database.db.selectFrom('market_days').select('adjustments').where('symbol', '=', symbol).where('day', '=', exDay).executeTakeFirstOrThrow()
  const adjustment = (JSON.parse(row.adjustments) as { kind: string; dividend: number }[]).find((a) => a.kind === 'dividend')
  return adjustment!.dividend
}

async function entitlements(t: TestApp, who: Trader): Promise<DividendEntitlement[]> {
  const res = await t.call('/dividend/list', {}, { headers: who.headers })
  expect(res.body.status, res.raw).toBe(1)
  return (res.body.data as { data: DividendEntitlement[] }).data
}

describe('dividends', () => {
  let t: TestApp
  afterEach(async () => t?.close())

  /** Two days before the ex-day: a holder, a short seller and one who sells before the ex-day. */
  async function setUp(applicationRequired: boolean) {
    const { symbol, exDay } = firstDividend()
    const exStart = indiaDayStart(exDay)
    const clock = createClock(indiaDayStart(dayNumberKey(dayKeyNumber(exDay) - 2)) + 6 * 3_600_000)
    t = await createTestApp({ clock, config: { dividends: { ...loadConfig().dividends, applicationRequired, sweepIntervalMs: 0 } } })
    const holder = await trader(t, '9100000001', 100_000_000)
    const short = await trader(t, '9100000002', 100_000_000)
    const seller = await trader(t, '9100000003', 100_000_000)
    const held = orderOf(await create(t, holder, { symbol, lots: 2 }))
    orderOf(await create(t, short, { symbol, direction: 'short' }))
    const sold = orderOf(await create(t, seller, { symbol }))
    t.clock.advance(5 * 60_000)
    await t.app.trading.sweep(t.clock.now())
    orderOf(await close(t, seller, sold.id))
    await t.app.trading.sweep(t.clock.now())
    // The ex-day: the market makes its row (with the dividend), then the dividends job runs.
    t.clock.set(exStart + 60_000)
    await t.app.jobs.sweep('market', t.clock.now())
    return { symbol, exDay, holder, short, seller, held }
  }

  it('entitles only a long position held at the record date, for shares x the feed’s per-share dividend', async () => {
    const { symbol, exDay, holder, short, seller, held } = await setUp(true)
    await t.app.jobs.sweep('dividends', t.clock.now())
    const perShare = await perShareOnExDay(t, symbol, exDay)
    const [owed, ...more] = await entitlements(t, holder)
    expect(more).toEqual([])
    expect(owed).toMatchObject({ symbol, exDay, perShare, shares: held.quantity, amount: held.quantity * perShare, orderId: held.id, status: 'unclaimed', applicationRequired: true })
    expect(await entitlements(t, short)).toEqual([])
    expect(await entitlements(t, seller)).toEqual([])
  })

  it('pays an approved application on the pay date, once, through the ledger', async () => {
    const { holder } = await setUp(true)
    await t.app.jobs.sweep('dividends', t.clock.now())
    const [owed] = await entitlements(t, holder)
    const applied = await t.call('/dividend/apply', { id: owed!.id }, { headers: holder.headers, key: true })
    expect(applied.body.data).toMatchObject({ status: 'applied' })
    const again = await t.call('/dividend/apply', { id: owed!.id }, { headers: holder.headers, key: true })
    expect(again.body).toMatchObject({ status: 0, code: 'dividend_not_claimable', params: { status: 'applied' } })
    const [application] = await t.database.db.selectFrom('dividend_applications').select('id').execute()
    expect(await decideAndAudit(t.database.db, 'dividend', { id: application!.id, approve: true, reason: null, operator: 'tester', now: t.clock.now() })).toBe(true)

    const before = await available(t, holder)
    await t.app.jobs.sweep('dividends', t.clock.now())
    expect((await entitlements(t, holder))[0]).toMatchObject({ status: 'approved', paidAt: null })
    t.clock.set(owed!.payAt)
    await t.app.jobs.sweep('dividends', t.clock.now())
    await t.app.jobs.sweep('dividends', t.clock.now())
    expect((await entitlements(t, holder))[0]).toMatchObject({ status: 'paid', paidAt: owed!.payAt })
    expect(await available(t, holder)).toBe(before + owed!.amount)
    expect(await houseBalance(t, HOUSE_DIVIDENDS)).toBe(-owed!.amount)
    expect(await unbalancedEntries(t.database.db)).toEqual([])
    expect(await driftedBalances(t.database.db)).toEqual([])
  })

  it('never pays a rejected application, and shows its reason', async () => {
    const { holder } = await setUp(true)
    await t.app.jobs.sweep('dividends', t.clock.now())
    const [owed] = await entitlements(t, holder)
    await t.call('/dividend/apply', { id: owed!.id }, { headers: holder.headers, key: true })
    const [application] = await t.database.db.selectFrom('dividend_applications').select('id').execute()
    await decideAndAudit(t.database.db, 'dividend', { id: application!.id, approve: false, reason: 'Not held at the record date', operator: 'tester', now: t.clock.now() })
    const before = await available(t, holder)
    t.clock.set(owed!.payAt + 1)
    await t.app.jobs.sweep('dividends', t.clock.now())
    expect((await entitlements(t, holder))[0]).toMatchObject({ status: 'rejected', reason: 'Not held at the record date', paidAt: null })
    expect(await available(t, holder)).toBe(before)
  })

  it('pays without an application where config requires none', async () => {
    const { holder, short } = await setUp(false)
    await t.app.jobs.sweep('dividends', t.clock.now())
    const [owed] = await entitlements(t, holder)
    expect(owed).toMatchObject({ status: 'scheduled', applicationRequired: false })
    const refused = await t.call('/dividend/apply', { id: owed!.id }, { headers: holder.headers, key: true })
    expect(refused.body).toMatchObject({ status: 0, code: 'dividend_not_claimable' })
    const before = await available(t, holder)
    t.clock.set(owed!.payAt)
    await t.app.jobs.sweep('dividends', t.clock.now())
    expect(await available(t, holder)).toBe(before + owed!.amount)
    // Another user's entitlement is not found, not shown.
    const foreign = await t.call('/dividend/apply', { id: owed!.id }, { headers: short.headers, key: true })
    expect(foreign.body).toMatchObject({ status: 0, code: 'dividend_not_found' })
  })
})
