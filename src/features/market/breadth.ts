/** Market breadth from the stocks' quotes: how many rose, fell or held, and the day's turnover. */
import { type QuoteRow } from '../../data/db'

export type Breadth = {
  advancing: number
  declining: number
  unchanged: number
  total: number
  /** Paise, summed over the stocks. */
  turnover: number
  /** Advancing per declining, in hundredths (150 = 1.50); null when nothing declined. */
  ratioHundredths: number | null
  /** Share of stocks rising, in basis points of the total. */
  advancingBp: number
  decliningBp: number
}

export function marketBreadth(quotes: readonly Pick<QuoteRow, 'change' | 'amount'>[]): Breadth {
  let advancing = 0
  let declining = 0
  let unchanged = 0
  let turnover = 0
  for (const q of quotes) {
    if (q.change > 0) advancing++
    else if (q.change < 0) declining++
    else unchanged++
    turnover += q.amount
  }
  const total = quotes.length
  const share = (n: number) => (total === 0 ? 0 : Math.round((n * 10_000) / total))
  return {
    advancing,
    declining,
    unchanged,
    total,
    turnover,
    ratioHundredths: declining === 0 ? null : Math.round((advancing * 100) / declining),
    advancingBp: share(advancing),
    decliningBp: share(declining),
  }
}
