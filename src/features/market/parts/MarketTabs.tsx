import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

export type MarketTab = 'quotes' | 'funds' | 'featured' | 'indicators' | 'issues' | 'forex'

/** The market screen's tabs; featured, indicators and market issues are screens of their own. */
export function MarketTabs({ active }: { active: MarketTab }) {
  const cls = (tab: MarketTab) => `mkt-tab${tab === active ? ' mkt-tab--on' : ''}`
  const current = (tab: MarketTab) => (tab === active ? ('page' as const) : undefined)
  return (
    <nav className="mkt-tabs" data-testid="market-tabs">
      <Link to="/market/index" search={{}} replace className={cls('quotes')} aria-current={current('quotes')}><Trans>Quotes</Trans></Link>
      <Link to="/market/index" search={{ tab: 'funds' }} replace className={cls('funds')} aria-current={current('funds')}><Trans>Funds</Trans></Link>
      <Link to="/market/marketTeshe" replace className={cls('featured')} aria-current={current('featured')}><Trans>Featured</Trans></Link>
      <Link to="/market/marketZhiBiao" replace className={cls('indicators')} aria-current={current('indicators')}><Trans>Indicators</Trans></Link>
      <Link to="/market/marketQuestion" replace className={cls('issues')} aria-current={current('issues')}><Trans>Market issues</Trans></Link>
      <Link to="/market/index" search={{ tab: 'forex' }} replace className={cls('forex')} aria-current={current('forex')}><Trans>Foreign exchange</Trans></Link>
    </nav>
  )
}
