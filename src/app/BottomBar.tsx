import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from 'sonner'
import { type Tab } from './router'
import { AccountIcon, HomeIcon, MarketIcon, NewsIcon, TradeIcon } from './icons'

/**
 * The five bottom entries (DESIGN.md section 3). Market and trade have no screens yet, and no
 * link may lead to a screen that does not exist, so they are disabled buttons saying "soon".
 */
export function BottomBar({ active }: { active: Tab }) {
  const { t } = useLingui()
  const cls = (tab: Tab, extra = '') => `nav-item${extra}${tab === active ? ' navActive' : ''}`
  return (
    <nav className="bottom-bar" aria-label={t`Main`}>
      <Link to="/home/index" className={cls('home')} data-testid="nav-home" aria-current={active === 'home' ? 'page' : undefined}>
        <HomeIcon className="nav-icon" />
        <span className="nav-label"><Trans>Home</Trans></span>
      </Link>
      <button type="button" className={cls('market', ' nav-soon')} data-testid="nav-market" aria-disabled="true" title={t`Markets are coming soon`} onClick={() => toast(t`Markets are coming soon`)}>
        <MarketIcon className="nav-icon" />
        <span className="nav-label"><Trans>Market</Trans></span>
        <span className="nav-soon-tag"><Trans>Soon</Trans></span>
      </button>
      <button type="button" className={cls('trade', ' nav-trade nav-soon')} data-testid="nav-trade" aria-disabled="true" title={t`Trading is coming soon`} onClick={() => toast(t`Trading is coming soon`)}>
        <span className="nav-trade-disc"><TradeIcon className="nav-icon" /></span>
        <span className="nav-label"><Trans>Trade</Trans></span>
        <span className="nav-soon-tag"><Trans>Soon</Trans></span>
      </button>
      <Link to="/home/newsList" className={cls('news')} data-testid="nav-news" aria-current={active === 'news' ? 'page' : undefined}>
        <NewsIcon className="nav-icon" />
        <span className="nav-label"><Trans>News</Trans></span>
      </Link>
      <Link to="/information/index" className={cls('account')} data-testid="nav-account" aria-current={active === 'account' ? 'page' : undefined}>
        <AccountIcon className="nav-icon" />
        <span className="nav-label"><Trans>Account</Trans></span>
      </Link>
    </nav>
  )
}
