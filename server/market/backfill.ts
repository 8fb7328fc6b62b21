/**
 * Making the days the store lacks, up to today: the year of history on first start, the next day
 * after midnight, every day a stopped server missed. Day by day across the whole universe, so each
 * index is computed from its members' bars of the same day while they are at hand. Every day is
 * a pure function of (seed, symbol, day, previous close, calendar), so two processes that do this
 * at once write the same rows, and the inserts ignore the ones already there.
 */
import { isTradingDay, dayNumberKey } from './calendar'
import { type DayRow, type DayStore, calendarNameFor, rowFromBars } from './days'
import { type ConstituentDay, indexDay } from './indices'
import { type Instrument, type MarketIndex, isSimulated, stockBySymbol } from './instruments'

export type CatchUpInput = {
  store: DayStore
  /** The feed's universe: the static instruments and the stocks listed since. */
  instruments: readonly Instrument[]
  /** India day a listed stock's first day is made on, by symbol (others start from startDay). */
  firstDays?: ReadonlyMap<string, number>
  /** India day number of the first start: the profile's calendar applies from it on. */
  firstDay: number
  /** The first day an instrument with no days at all starts from (first day - backfill days). */
  startDay: number
  /** The last day to make, included. */
  today: number
  alwaysOpen: boolean
  /** Stores a batch of new rows (ignoring days another writer stored first). */
  write: (rows: readonly { symbol: string; row: DayRow }[]) => Promise<void>
}

/** Rows per database batch: bounds memory during a long backfill. */
const BATCH_ROWS = 2_000

/** Makes and writes the missing days; returns how many rows were made. */
export async function catchUp(input: CatchUpInput): Promise<number> {
  const { store, firstDay, today, alwaysOpen } = input
  const simulated = input.instruments.filter(isSimulated)
  const indices = input.instruments.filter((i): i is MarketIndex => i.kind === 'index')
  const next = new Map<string, { n: number; close: number }>()
  for (const instrument of input.instruments) {
    const last = store.last(instrument.symbol)
    const first = input.firstDays?.get(instrument.symbol) ?? input.startDay
    next.set(instrument.symbol, { n: last ? last.n + 1 : first, close: last?.close ?? instrument.referencePrice })
  }
  let from = Infinity
  for (const state of next.values()) from = Math.min(from, state.n)

  let made = 0
  const pending: { symbol: string; row: DayRow }[] = []
  for (let n = from; n <= today; n++) {
    const day = dayNumberKey(n)
    const stockDays = new Map<string, ConstituentDay>()
    for (const instrument of simulated) {
      const state = next.get(instrument.symbol)
      if (state === undefined || n < state.n) continue
      const calendar = calendarNameFor(instrument.kind, n, firstDay, alwaysOpen)
      if (!isTradingDay(day, store.calendars[calendar])) continue
      const result = store.simulate(instrument, n, day, calendar, state.close)
      const row = rowFromBars(n, day, calendar, state.close, result.prevClose, result.bars, result.adjustments)
      if (row === null) continue
      // Into memory at once: the index below needs today's splits in the members' share counts.
      store.add(instrument.symbol, [row])
      pending.push({ symbol: instrument.symbol, row })
      state.close = row.close
      if (instrument.kind === 'stock') stockDays.set(instrument.symbol, { prevClose: result.prevClose, bars: result.bars, shares: store.shares(instrument, day) })
    }
    for (const index of indices) {
      const state = next.get(index.symbol)
      if (state === undefined || n < state.n) continue
      const calendar = calendarNameFor('index', n, firstDay, alwaysOpen)
      if (!isTradingDay(day, store.calendars[calendar])) continue
      const members = new Map<string, ConstituentDay>()
      for (const symbol of index.constituents) {
        let member = stockDays.get(symbol)
        if (member === undefined) {
          // The member was made by an earlier run (one that stopped before the index): regenerate.
          const stock = stockBySymbol(symbol)
          const memberRow = store.at(symbol, n)
          if (memberRow !== undefined) member = { prevClose: memberRow.prevClose, bars: store.bars(stock, memberRow, false), shares: store.shares(stock, day) }
        }
        if (member !== undefined) members.set(symbol, member)
      }
      if (members.size !== index.constituents.length) continue
      const result = indexDay(index, members, store.divisor(index))
      const row = rowFromBars(n, day, calendar, result.prevClose, result.prevClose, result.bars, [])
      if (row === null) continue
      store.add(index.symbol, [row])
      pending.push({ symbol: index.symbol, row })
    }
    if (pending.length >= BATCH_ROWS) {
      made += pending.length
      await input.write(pending.splice(0))
    }
  }
  made += pending.length
  if (pending.length > 0) await input.write(pending)
  return made
}
