import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { CardSkeleton, SyncedLine } from '../../app/SyncedLine'
import { useSessionAccount } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { type InboxMessage } from '../../data/inbox'
import { formatDateTime } from '../../lib/dates'
import { markInboxRead, refreshInbox } from './actions'
import { useInbox, useInboxSynced, usePriceScales } from './queries'
import { InboxSentence, InboxTitle } from './sentences'
import './inbox.css'

/**
 * /information/msgInfo: what happened to the account, newest first, each message worded from its
 * kind and params in the reader's language, with its time and a link to the screen that shows
 * it. Opening the screen fetches the list and marks it read (through the outbox, so offline too);
 * the messages that were unread when it opened stay marked "new" while it is open. From Dexie, so
 * it opens offline.
 */
export function MsgInfoScreen() {
  const account = useSessionAccount()
  const inbox = useInbox(account)
  const synced = useInboxSynced(account)
  const loading = useLoading(async () => {
    await refreshInbox()
    await markInboxRead()
  }, account ?? '')
  const fresh = useUnreadOnOpen(inbox?.data)
  const scales = usePriceScales(inbox?.data.flatMap((m) => (typeof m.params.symbol === 'string' ? [m.params.symbol] : [])) ?? [])
  return (
    <div className="inbox">
      <BackBar title={<Trans>Messages</Trans>} />
      <SyncedLine synced={synced} loading={loading} testId="inbox-updated" />
      <div className="page">
        {inbox === undefined || (inbox === null && loading) ? (
          <CardSkeleton lines={2} />
        ) : inbox === null ? (
          <div className="card empty-state"><p><Trans>Your messages show here once the app has been online.</Trans></p></div>
        ) : inbox.data.length === 0 ? (
          <div className="card empty-state" data-testid="inbox-empty"><p><Trans>No messages yet. Decisions on your requests, filled orders, allotments and other news about your account will show here.</Trans></p></div>
        ) : (
          <ul className="inbox-list" data-testid="inbox-list">
            {inbox.data.map((m) => (
              <Message key={m.id} message={m} fresh={fresh.has(m.id)} priceScale={priceScaleOf(m, scales)} />
            ))}
          </ul>
        )}
        {inbox && inbox.total > inbox.data.length ? (
          <p className="muted inbox-more"><Trans>Older messages are kept on the server.</Trans></p>
        ) : null}
      </div>
    </div>
  )
}

function priceScaleOf(m: InboxMessage, scales: ReadonlyMap<string, number> | undefined): number | undefined {
  return typeof m.params.symbol === 'string' ? scales?.get(m.params.symbol) : undefined
}

/** The ids seen unread while the screen has been open: marking them read does not unmark them here. */
function useUnreadOnOpen(messages: readonly InboxMessage[] | undefined): ReadonlySet<number> {
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set())
  const unread = messages?.filter((m) => m.readAt === null && !seen.has(m.id)) ?? []
  if (unread.length === 0) return seen
  // Adjusting state while rendering (React's pattern for state derived from changing props).
  const next = new Set([...seen, ...unread.map((m) => m.id)])
  setSeen(next)
  return next
}

function Message({ message: m, fresh, priceScale }: { message: InboxMessage; fresh: boolean; priceScale: number | undefined }) {
  const when = formatDateTime(m.createdAt)
  // Only a route of this app (a path), never a link elsewhere.
  const link = m.link?.startsWith('/') && !m.link.startsWith('//') ? m.link : null
  return (
    <li
      className={fresh || m.readAt === null ? 'card inbox-item inbox-item--new' : 'card inbox-item'}
      data-testid="inbox-item"
      data-kind={m.kind}
      data-id={m.id}
      data-unread={fresh || m.readAt === null ? 'true' : 'false'}
    >
      <header className="inbox-item-head">
        <strong className="inbox-item-title"><InboxTitle message={m} /></strong>
        {fresh || m.readAt === null ? <span className="pill pill--ok"><Trans>New</Trans></span> : null}
      </header>
      <p className="inbox-item-text" data-testid="inbox-text"><InboxSentence message={m} priceScale={priceScale} /></p>
      <footer className="inbox-item-foot">
        <time className="muted" dateTime={new Date(m.createdAt).toISOString()}>{when}</time>
        {link ? (
          <a className="link" href={`#${link}`} data-testid="inbox-link">
            <Trans>View</Trans>
          </a>
        ) : null}
      </footer>
    </li>
  )
}
