import { type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { type QuoteRow } from '../../../data/db'
import { QuoteRows, QuoteSkeleton } from './QuoteList'

/**
 * The day's top gainers and losers among `stocks` (sorted by rise, highest first), `top` each.
 * Nothing stored is not "no stock moved": it says the prices have not arrived yet.
 */
export function Movers({ stocks, loading, top, more }: { stocks: QuoteRow[] | undefined; loading: boolean; top: number; more?: ReactNode }) {
  const up = (stocks ?? []).filter((q) => q.change > 0).slice(0, top)
  const down = (stocks ?? []).filter((q) => q.change < 0).reverse().slice(0, top)
  const body = (rows: QuoteRow[], none: ReactNode) =>
    stocks === undefined || (stocks.length === 0 && loading) ? (
      <QuoteSkeleton rows={Math.min(top, 4)} />
    ) : stocks.length === 0 ? (
      <p className="card empty"><Trans>No prices on this device yet. They appear once the app has been online.</Trans></p>
    ) : rows.length === 0 ? (
      <p className="card empty">{none}</p>
    ) : (
      <QuoteRows quotes={rows} />
    )
  return (
    <>
      <section className="mkt-section" data-testid="top-gainers">
        <div className="section-head">
          <h2 className="section-title"><Trans>Top gainers</Trans></h2>
          {more}
        </div>
        {body(up, <Trans>No stock is up today.</Trans>)}
      </section>
      <section className="mkt-section" data-testid="top-losers">
        <h2 className="section-title"><Trans>Top losers</Trans></h2>
        {body(down, <Trans>No stock is down today.</Trans>)}
      </section>
    </>
  )
}
