import { useState } from 'react'
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { type NewsRow } from '../../data/db'
import { normalizeLanguage, type Language } from '../../i18n/languages'
import { formatDateTime } from '../../lib/dates'
import { TitleBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { useNewsList, useNewsSynced, useNewsTotal, type NewsPages } from './queries'
import { loadNewsPage } from './actions'
import './news.css'

const route = getRouteApi('/home/newsList')

/** All news in the reader's language, a page at a time; works offline from Dexie. */
export function NewsListScreen() {
  const { i18n } = useLingui()
  const lang = normalizeLanguage(i18n.locale)
  const loaded = route.useLoaderData()
  const pages = route.useSearch({ select: (s) => s.pages ?? 1 })
  // A new language starts again at its first page.
  return <NewsList key={lang} lang={lang} pages={pages} loaded={loaded.lang === lang ? loaded : null} />
}

function NewsList({ lang, pages, loaded }: { lang: Language; pages: number; loaded: NewsPages | null }) {
  const navigate = useNavigate()
  const size = loaded?.size ?? 10
  const first = useLoading(() => loadNewsPage(lang, 1), lang)
  const [loadingMore, setLoadingMore] = useState(false)
  const loading = first || loadingMore
  const items = useNewsList(lang, pages * size, loaded?.rows)
  const total = useNewsTotal(lang)
  const synced = useNewsSynced(lang)
  const when = synced ? formatDateTime(synced) : null

  async function loadMore() {
    const next = pages + 1
    setLoadingMore(true)
    void navigate({ to: '/home/newsList', search: { pages: next }, replace: true, resetScroll: false })
    await loadNewsPage(lang, next)
    setLoadingMore(false)
  }

  const shown = items ?? []
  const more = total === null || total === undefined ? shown.length >= pages * size : shown.length < total
  return (
    <div className="news">
      <TitleBar title={<Trans>News</Trans>} />
      <p className="news-updated" role="status">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page news-page">
        {items === undefined || (shown.length === 0 && loading) ? (
          <NewsSkeleton />
        ) : shown.length === 0 ? (
          <div className="card empty-state">
            <p><Trans>No news yet.</Trans></p>
            <p className="muted"><Trans>Articles appear here once the app has been online.</Trans></p>
          </div>
        ) : (
          <ul className="news-list">
            {shown.map((item) => (
              <NewsCard key={item.id} item={item} />
            ))}
          </ul>
        )}
        {shown.length > 0 && more ? (
          <button type="button" className="btn btn--outline btn--block" disabled={loading} onClick={() => void loadMore()}>
            {loading ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
          </button>
        ) : shown.length > 0 ? (
          <p className="news-end"><Trans>You have seen all the news.</Trans></p>
        ) : null}
      </div>
    </div>
  )
}

function NewsCard({ item }: { item: NewsRow }) {
  const when = formatDateTime(item.publishedAt)
  return (
    <li>
      <Link to="/home/newsDetail" search={{ id: item.id }} className="news-card" data-testid="news-item">
        <span className="news-card-text">
          <span className="news-card-title">{item.title}</span>
          {item.summary ? <span className="news-card-summary">{item.summary}</span> : null}
          <span className="news-card-time">{when}</span>
        </span>
        {item.image ? <img className="news-card-image" src={item.image} alt="" loading="lazy" width="88" height="66" /> : null}
      </Link>
    </li>
  )
}

function NewsSkeleton() {
  return (
    <ul className="news-list" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} className="news-card news-card--skeleton">
          <span className="news-card-text">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line" style={{ width: '35%' }} />
          </span>
        </li>
      ))}
    </ul>
  )
}
