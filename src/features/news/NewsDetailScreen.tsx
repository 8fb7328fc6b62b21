import { useEffect, useState } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { normalizeLanguage } from '../../i18n/languages'
import { formatDateTime } from '../../lib/dates'
import { BackBar } from '../../app/BackBar'
import { useNewsItem } from './queries'
import { loadNewsDetail } from './actions'
import './news.css'

const route = getRouteApi('/home/newsDetail')

type Load = 'loading' | 'ok' | 'gone' | 'offline' | 'error'

/** One article: title, time and body as plain-text paragraphs (never HTML from the server). */
export function NewsDetailScreen() {
  const { id } = route.useSearch()
  const { i18n } = useLingui()
  const lang = normalizeLanguage(i18n.locale)
  return (
    <div className="news">
      <BackBar title={<Trans>News</Trans>} />
      <Article key={`${lang}:${id}`} lang={lang} id={id} />
    </div>
  )
}

function Article({ lang, id }: { lang: ReturnType<typeof normalizeLanguage>; id: number }) {
  const item = useNewsItem(lang, id)
  const [load, setLoad] = useState<Load>(id > 0 ? 'loading' : 'gone')

  useEffect(() => {
    if (id <= 0) return
    let live = true
    void loadNewsDetail(lang, id).then((result) => {
      if (live) setLoad(result)
    })
    return () => {
      live = false
    }
  }, [lang, id])

  if (load === 'gone' || (item === null && load !== 'loading')) {
    return (
      <div className="page empty-state">
        <p>
          {load === 'gone' ? (
            <Trans>This article is no longer available.</Trans>
          ) : (
            <Trans>This article has not been downloaded yet. Connect to the internet to read it.</Trans>
          )}
        </p>
        <Link to="/home/newsList" className="btn btn--primary"><Trans>All news</Trans></Link>
      </div>
    )
  }
  if (!item) return <ArticleSkeleton />
  const when = formatDateTime(item.publishedAt)
  const paragraphs = (item.body ?? '').split(/\n+/).map((p) => p.trim()).filter(Boolean)
  return (
    <article className="page article">
      <h1 className="article-title">{item.title}</h1>
      <p className="article-time">{when}</p>
      {item.image ? <img className="article-image" src={item.image} alt="" /> : null}
      {paragraphs.length > 0 ? (
        <div className="article-body">
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      ) : load === 'loading' ? (
        <div aria-hidden="true">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" style={{ width: '60%' }} />
        </div>
      ) : (
        <>
          {item.summary ? <p className="article-summary">{item.summary}</p> : null}
          <p className="article-note">
            <Trans>The full article has not been downloaded yet. Connect to the internet to read it.</Trans>
          </p>
        </>
      )}
    </article>
  )
}

function ArticleSkeleton() {
  return (
    <div className="page article" aria-busy="true">
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--line" style={{ width: '30%' }} />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line" style={{ width: '70%' }} />
    </div>
  )
}
