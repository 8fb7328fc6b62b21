import { useEffect } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { type Tab } from './router'
import { useSessionAccount } from './queries'
import { useUnreadMessages } from './unreadMessages'
import { AccountIcon, HomeIcon, MarketIcon, NewsIcon, TradeIcon } from './icons'

/** The five bottom entries (DESIGN.md section 3), trade in the centre; the active one has `navActive`. */
export function BottomBar({ active }: { active: Tab }) {
  const { t } = useLingui()
  const cls = (tab: Tab, extra = '') => `nav-item${extra}${tab === active ? ' navActive' : ''}`
  const current = (tab: Tab) => (active === tab ? 'page' : undefined)
  return (
    <nav className="bottom-bar" aria-label={t`Main`}>
      <Link to="/home/index" className={cls('home')} data-testid="nav-home" aria-current={current('home')}>
        <HomeIcon className="nav-icon" />
        <span className="nav-label"><Trans>Home</Trans></span>
      </Link>
      <Link to="/market/index" search={{ tab: 'quotes' }} className={cls('market')} data-testid="nav-market" aria-current={current('market')}>
        <MarketIcon className="nav-icon" />
        <span className="nav-label"><Trans>Market</Trans></span>
      </Link>
      <Link to="/trade/index" search={{ tab: 'open' }} className={cls('trade', ' nav-trade')} data-testid="nav-trade" aria-current={current('trade')}>
        <span className="nav-trade-disc"><TradeIcon className="nav-icon" /></span>
        <span className="nav-label"><Trans>Trade</Trans></span>
      </Link>
      <Link to="/home/newsList" className={cls('news')} data-testid="nav-news" aria-current={current('news')}>
        <NewsIcon className="nav-icon" />
        <span className="nav-label"><Trans>News</Trans></span>
      </Link>
      <Link to="/information/index" className={cls('account')} data-testid="nav-account" aria-current={current('account')}>
        <AccountIcon className="nav-icon" />
        <span className="nav-label"><Trans>Account</Trans></span>
        <UnreadBadge />
      </Link>
    </nav>
  )
}

/**
 * The account's unread inbox messages on the account tab: a number read from Dexie (the stored
 * /inbox/list page, see data/inbox.ts), nothing when there are none. The first signed-in tab
 * starts the inbox stream (data/inboxStream.ts: it fetches the inbox on each connection and at
 * each new message, and follows sign-ins and logouts itself); its module loads then, not with
 * the first route.
 */
function UnreadBadge() {
  const { t } = useLingui()
  const account = useSessionAccount()
  const unread = useUnreadMessages(account)
  useEffect(() => {
    if (account) void import('../data/inboxStream').then((stream) => stream.startInboxStream())
  }, [account])
  if (!unread) return null
  return (
    <span className="nav-badge" data-testid="nav-account-badge" data-count={unread} aria-label={t`Unread messages: ${unread}`}>
      {unread > 99 ? '99+' : unread}
    </span>
  )
}
