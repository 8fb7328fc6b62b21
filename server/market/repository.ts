/** The exchange's stored state: its secret seed, the first-start day and one row per instrument day. */
import { type MarketDaysTable } from '../db/types'
import { type Executor } from '../db/executor'

export type MarketDayRow = MarketDaysTable

/** The value stored under `key`, writing `value` first if none is there (the first writer wins). */
export async function settingOrInit(db: Executor, key: string, value: string): Promise<string> {
  await db.insertInto('market_settings').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()).execute()
  const row = await db.selectFrom('market_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()
  return row.value
}

export async function allMarketDays(db: Executor): Promise<MarketDayRow[]> {
  return db.selectFrom('market_days').selectAll().orderBy('symbol').orderBy('day').execute()
}

/** Days are deterministic, so a row another process wrote first is the same row: ignore it. */
export async function insertMarketDays(db: Executor, rows: readonly MarketDayRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('market_days')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['symbol', 'day']).doNothing())
      .execute()
  }
}
