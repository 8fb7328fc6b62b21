import { Trans } from '@lingui/react/macro'
import { type QuoteRow } from '../../../data/db'
import { formatMoneyCompact } from '../../../lib/money'
import { marketBreadth } from '../breadth'

/** Rising vs falling stocks as numbers and as a bar; computed from the quotes on this device. */
export function BreadthCard({ stocks }: { stocks: QuoteRow[] }) {
  const b = marketBreadth(stocks)
  const ratio = b.ratioHundredths === null ? '—' : (b.ratioHundredths / 100).toFixed(2)
  const turnover = formatMoneyCompact(b.turnover)
  return (
    <section className="card breadth" data-testid="breadth">
      <h2 className="section-title"><Trans>Market breadth</Trans></h2>
      <div className="breadth-bar" aria-hidden="true">
        <span className="breadth-up" style={{ width: `${b.advancingBp / 100}%` }} />
        <span className="breadth-flat" style={{ width: `${(10_000 - b.advancingBp - b.decliningBp) / 100}%` }} />
        <span className="breadth-down" style={{ width: `${b.decliningBp / 100}%` }} />
      </div>
      <dl className="stats stats--3">
        <div><dt><Trans>Advancing</Trans></dt><dd className="chg--up">▲ {b.advancing}</dd></div>
        <div><dt><Trans>Declining</Trans></dt><dd className="chg--down">▼ {b.declining}</dd></div>
        <div><dt><Trans>Unchanged</Trans></dt><dd>{b.unchanged}</dd></div>
        <div><dt><Trans>Advance/decline ratio</Trans></dt><dd>{ratio}</dd></div>
        <div><dt><Trans>Stocks</Trans></dt><dd>{b.total}</dd></div>
        <div><dt><Trans>Turnover</Trans></dt><dd>{turnover}</dd></div>
      </dl>
    </section>
  )
}
