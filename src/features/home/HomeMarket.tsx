import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { IndexStrip } from '../market/parts/IndexStrip'
import { SearchIcon } from '../market/MarketScreen'

/** Home's way into the market: search by code, the live indices, and the market's screens. */
export function HomeMarket() {
  return (
    <section className="home-market">
      <Link to="/favorite/search" className="home-search" data-testid="home-search">
        <SearchIcon />
        <span><Trans>Search by stock code or name</Trans></span>
      </Link>
      <IndexStrip />
      <nav className="home-entries" data-testid="home-market-entries">
        <Link to="/home/zhishu" className="home-entry"><Trans>Indices</Trans></Link>
        <Link to="/home/market" className="home-entry"><Trans>Overview</Trans></Link>
        <Link to="/market/index" className="home-entry"><Trans>Quotes</Trans></Link>
        <Link to="/home/dayTrading" className="home-entry"><Trans>Day trading</Trans></Link>
      </nav>
    </section>
  )
}
