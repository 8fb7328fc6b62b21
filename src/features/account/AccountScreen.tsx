import { useEffect } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { type UserInfo } from '../../data/db'
import { NATIVE_NAMES, normalizeLanguage } from '../../i18n/languages'
import { TitleBar } from '../../app/BackBar'
import { useSessionAccount, useUser, useUserSynced } from '../../app/queries'
import { AccountIcon } from '../../app/icons'
import { useUnreadMessages } from '../../app/unreadMessages'
import { AboutMenu, MenuLink } from './MenuLink'
import { AssetsCard } from './AssetsCard'
import { refreshAccount } from './actions'
import { SupportUnreadBadge, refreshSupportUnread } from '../support/unread'
import './account.css'

/** The account tab: who, verification, assets, and the menu of account screens. */
export function AccountScreen() {
  const { i18n } = useLingui()
  const account = useSessionAccount()
  const user = useUser(account)
  const synced = useUserSynced(account)
  const unread = useUnreadMessages(account)
  const language = NATIVE_NAMES[normalizeLanguage(i18n.locale)]

  useEffect(() => {
    refreshAccount()
    refreshSupportUnread()
  }, [account])

  return (
    <div className="account">
      <TitleBar title={<Trans>Account</Trans>} />
      <div className="page">
        <section className="card account-head">
          <span className="account-avatar"><AccountIcon /></span>
          <div className="account-who">
            <strong className="account-number" data-testid="account-number">{account ?? ''}</strong>
            <RealName user={user} />
          </div>
        </section>
        <AssetsCard account={account} user={user} synced={synced} />
        <ul className="menu">
          <MenuLink to="/information/msgInfo" value={unread > 0 ? String(unread) : undefined}><Trans>Messages</Trans></MenuLink>
          <MenuLink to="/information/recharge"><Trans>Deposit</Trans></MenuLink>
          <MenuLink to="/information/cashOut"><Trans>Withdraw</Trans></MenuLink>
          <MenuLink to="/information/exChange"><Trans>Currency exchange</Trans></MenuLink>
          <MenuLink to="/information/authInfo"><Trans>Identity verification</Trans></MenuLink>
          <MenuLink to="/information/bankList"><Trans>Bank cards</Trans></MenuLink>
          <MenuLink to="/information/usdtAddress"><Trans>USDT address</Trans></MenuLink>
          <MenuLink to="/information/fundRecord"><Trans>Fund records</Trans></MenuLink>
          <MenuLink to="/information/dividends"><Trans>Dividends</Trans></MenuLink>
          <MenuLink to="/information/loan"><Trans>Credit loan</Trans></MenuLink>
          <MenuLink to="/information/jkjl"><Trans>Loan records</Trans></MenuLink>
          <MenuLink to="/market/vip"><Trans>VIP levels</Trans></MenuLink>
          <MenuLink to="/information/faq"><Trans>Knowledge quiz</Trans></MenuLink>
          <MenuLink to="/information/userInfo"><Trans>Profile</Trans></MenuLink>
          <MenuLink to="/information/safety"><Trans>Security</Trans></MenuLink>
          <MenuLink to="/home/kefuCenter" badge={<SupportUnreadBadge account={account} testId="account-support-unread" />}><Trans>Customer service</Trans></MenuLink>
          <MenuLink to="/information/pj"><Trans>Privacy</Trans></MenuLink>
          <MenuLink to="/information/setting"><Trans>Settings</Trans></MenuLink>
          <MenuLink to="/information/changeLang" value={language}><Trans>Language</Trans></MenuLink>
          <MenuLink to="/information/loginPass"><Trans>Login password</Trans></MenuLink>
          <MenuLink to="/information/fundPass"><Trans>Fund password</Trans></MenuLink>
        </ul>
        <AboutMenu />
      </div>
    </div>
  )
}

function RealName({ user }: { user: UserInfo | null | undefined }) {
  if (!user) return null
  const { status, name, reason } = user.realName
  if (status === 'verified') {
    const who = name ?? ''
    return (
      <span className="pill pill--ok" data-testid="realname-status">
        {who ? <Trans>Verified: {who}</Trans> : <Trans>Verified</Trans>}
      </span>
    )
  }
  if (status === 'pending') return <span className="pill pill--queued" data-testid="realname-status"><Trans>Verification under review</Trans></span>
  if (status === 'failed') {
    const why = reason ?? ''
    return (
      <span className="pill pill--failed" data-testid="realname-status">
        {why ? <Trans>Verification failed: {why}</Trans> : <Trans>Verification failed</Trans>}
      </span>
    )
  }
  return <span className="pill" data-testid="realname-status"><Trans>Identity not verified</Trans></span>
}
