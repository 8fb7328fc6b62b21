import { useEffect, useRef } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { type NewsRow, type OutboxItem, type UserInfo } from '../../data/db'
import { normalizeLanguage } from '../../i18n/languages'
import { formatMoney } from '../../lib/money'
import { formatDateTime, indiaDay } from '../../lib/dates'
import { useSessionAccount, useUser, useUserSynced } from '../../app/queries'
import { useAssets } from '../../app/assets'
import { ChevronIcon, CheckIcon } from '../../app/icons'
import { errorText } from '../../app/errors'
import { useLastSignIn, useLatestNews, useSignInReward } from './queries'
import { refreshHome, signInToday } from './actions'
import { HomeMarket } from './HomeMarket'
import { SupportUnreadBadge, refreshSupportUnread } from '../support/unread'
import '../market/market.css'
import './home.css'

/** Home: greeting, balances, the daily sign-in and the latest news, all from Dexie. */
export function HomeScreen() {
  const { i18n, t } = useLingui()
  const lang = normalizeLanguage(i18n.locale)
  const account = useSessionAccount()
  const user = useUser(account)
  const synced = useUserSynced(account)
  const when = synced ? formatDateTime(synced) : null

  useEffect(() => {
    refreshHome(lang)
    refreshSupportUnread()
  }, [lang, account])

  return (
    <div className="home">
      <header className="home-head">
        <h1 className="home-hello">
          <span className="home-hello-word"><Trans>Hello</Trans></span>
          <strong className="home-account" data-testid="account-number">{account ?? ''}</strong>
        </h1>
        <Balances account={account} user={user} />
        <p className="home-synced">
          {when ? <Trans>Updated {when}</Trans> : user === null ? <Trans>Not updated yet</Trans> : null}
        </p>
      </header>
      <div className="page home-body">
        <HomeMarket />
        <nav className="card home-products" aria-label={t`Products`}>
          <Link to="/home/newStock" className="home-product" data-testid="home-new-shares"><Trans>New shares (IPO)</Trans></Link>
          <Link to="/home/newStockps" className="home-product"><Trans>Placements</Trans></Link>
          <Link to="/home/blockTrade" className="home-product" data-testid="home-block-trades"><Trans>Block trades</Trans></Link>
          <Link to="/information/dividends" className="home-product"><Trans>Dividends</Trans></Link>
          <Link to="/home/fllow" className="home-product" data-testid="home-follow"><Trans>Copy trading</Trans></Link>
          <Link to="/home/qcList" className="home-product" data-testid="home-strategies"><Trans>Quant strategies</Trans></Link>
          <Link to="/home/kefuCenter" className="home-product" data-testid="home-support">
            <Trans>Customer service</Trans>
            <SupportUnreadBadge account={account} testId="home-support-unread" />
          </Link>
        </nav>
        <SignInCard account={account} user={user} />
        <LatestNews lang={lang} />
      </div>
    </div>
  )
}

/** The balances; "Total assets" is the account tab's figure (src/lib/assets.ts), not the server's pockets. */
function Balances({ account, user }: { account: string | null | undefined; user: UserInfo | null | undefined }) {
  const money = (paise: number | undefined) =>
    paise === undefined ? <span className="skeleton skeleton--money" aria-hidden="true" /> : formatMoney(paise)
  const assets = useAssets(account, user)
  const b = user?.balances
  const loading = user === undefined
  return (
    <section className="balance-card" aria-busy={loading}>
      <span className="balance-label"><Trans>Total assets</Trans></span>
      <strong className="balance-total" data-testid="balance-total">
        {/* A price or rate not on this device yet: no partial sum (the account tab says why). */}
        {user === null ? '—' : assets === undefined ? money(undefined) : assets.total === undefined ? '—' : formatMoney(assets.total)}
      </strong>
      <div className="balance-row">
        <div>
          <span className="balance-label"><Trans>Available</Trans></span>
          <strong className="balance-value" data-testid="balance-available">{user === null ? '—' : money(b?.available)}</strong>
        </div>
        <div>
          <span className="balance-label"><Trans>Frozen</Trans></span>
          <strong className="balance-value" data-testid="balance-frozen">{user === null ? '—' : money(b?.frozen)}</strong>
        </div>
      </div>
    </section>
  )
}

type SignInState = 'loading' | 'open' | 'pending' | 'sending' | 'done'

function signInState(user: UserInfo | null | undefined, last: OutboxItem | null | undefined): SignInState {
  if (user === undefined || last === undefined) return 'loading'
  if (last?.state === 'queued') return 'pending'
  if (last?.state === 'sending') return 'sending'
  const today = indiaDay(Date.now())
  // By the day, not by the reply's `today`: that was true when it was fetched, which may have
  // been yesterday (an offline start, or the app left open past midnight India time).
  if (user?.signIn.lastDay === today) return 'done'
  // The reply is in before /user/info has been fetched again.
  if (last?.state === 'done' && replyDay(last) === today) return 'done'
  return 'open'
}

function replyDay(item: OutboxItem): string | null {
  const reply = item.reply
  return typeof reply === 'object' && reply !== null && 'day' in reply && typeof reply.day === 'string' ? reply.day : null
}

function replyCount(item: OutboxItem | null | undefined): number {
  const reply = item?.reply
  return typeof reply === 'object' && reply !== null && 'count' in reply && typeof reply.count === 'number' ? reply.count : 0
}

function SignInCard({ account, user }: { account: string | null | undefined; user: UserInfo | null | undefined }) {
  const { t } = useLingui()
  const last = useLastSignIn(account)
  const reward = useSignInReward()
  const state = signInState(user, last)
  const count = Math.max(user?.signIn.count ?? 0, last?.state === 'done' ? replyCount(last) : 0)
  const rewardText = reward ? formatMoney(reward) : null

  // Say so when the sign-in this screen queued has been accepted (now or after coming online).
  const mine = useRef<string | null>(null)
  useEffect(() => {
    if (last && last.key === mine.current && last.state === 'done') {
      mine.current = null
      toast.success(t`Signed in for today`)
    }
  }, [last, t])

  async function signIn() {
    try {
      const item = await signInToday()
      mine.current = item.key
      if (!navigator.onLine) toast(t`Saved. It will be sent when you are online.`)
    } catch (error) {
      // Not queued at all (signed out in another tab, storage full): say so instead of nothing.
      toast.error(errorText(error))
    }
  }

  return (
    <section className="card signin-card">
      <div className="signin-main">
        <h2 className="section-title"><Trans>Daily sign-in</Trans></h2>
        <p className="muted">
          {rewardText ? <Trans>Sign in once a day and get {rewardText}.</Trans> : <Trans>Sign in once a day.</Trans>}
        </p>
        <p className="signin-count-line">
          <Trans>
            Days signed in: <strong data-testid="signin-count">{count}</strong>
          </Trans>
        </p>
      </div>
      <div className="signin-side">
        {state === 'done' ? (
          <button type="button" className="btn btn--small signin-done" data-testid="signin-button" data-state="done" disabled>
            <CheckIcon className="signin-check" />
            <Trans>Signed in today</Trans>
          </button>
        ) : state === 'pending' || state === 'sending' ? (
          <button type="button" className="btn btn--small signin-pending" data-testid="signin-button" data-state={state} disabled>
            {state === 'sending' ? <Trans>Sending…</Trans> : <Trans>Queued</Trans>}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--small btn--primary"
            data-testid="signin-button"
            data-state={state}
            disabled={state === 'loading' || !user}
            onClick={() => void signIn()}
          >
            <Trans>Sign in today</Trans>
          </button>
        )}
        {state === 'pending' ? <p className="signin-note"><Trans>Will be sent when you are online</Trans></p> : null}
      </div>
    </section>
  )
}

function LatestNews({ lang }: { lang: string }) {
  const news = useLatestNews(lang, 3)
  return (
    <section>
      <div className="section-head">
        <h2 className="section-title"><Trans>Latest news</Trans></h2>
        <Link to="/home/newsList" className="link home-all-news"><Trans>All news</Trans></Link>
      </div>
      <div className="card home-news">
        {news === undefined ? (
          <NewsSkeleton />
        ) : news.length === 0 ? (
          <p className="empty"><Trans>No news yet. It appears here once loaded.</Trans></p>
        ) : (
          <ul className="home-news-list">
            {news.map((item) => (
              <NewsTeaser key={item.id} item={item} />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

function NewsTeaser({ item }: { item: NewsRow }) {
  const when = formatDateTime(item.publishedAt)
  return (
    <li>
      <Link to="/home/newsDetail" search={{ id: item.id }} className="home-news-item" data-testid="news-item">
        <span className="home-news-text">
          <span className="home-news-title">{item.title}</span>
          <span className="home-news-time">{when}</span>
        </span>
        <ChevronIcon className="menu-chevron" />
      </Link>
    </li>
  )
}

function NewsSkeleton() {
  return (
    <div aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="home-news-skeleton">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" style={{ width: '40%' }} />
        </div>
      ))}
    </div>
  )
}
