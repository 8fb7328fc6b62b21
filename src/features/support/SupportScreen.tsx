import { useEffect, useState } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { CardSkeleton, SyncedLine } from '../../app/SyncedLine'
import { errorText } from '../../app/errors'
import { toast } from '../../app/toast'
import { useSessionAccount } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { useOnline } from '../../app/useOnline'
import { type SupportThread, type UserTopic } from '../../data/support'
import { randomUuid } from '../../lib/uuid'
import { formatDateTime } from '../../lib/dates'
import {
  closeSupportThread,
  createSupportThread,
  markSupportRead,
  refreshSupportThread,
  refreshSupportThreads,
  sendSupportMessage,
  uploadSupportImages,
} from './actions'
import { GuestSupport } from './GuestSupport'
import { ComplaintWindow, Composer, MessageBubble, QueuedBubble, ReplyTime, StatusPill, TOPIC_NAMES, UnreadBadge } from './parts'
import { useQueuedSupport, useSupportRules, useSupportThread, useSupportThreads, useSupportThreadsSynced, useSupportThreadSynced } from './queries'
import './support.css'

const route = getRouteApi('/home/kefuCenter')

/** How often an open thread on screen asks for new replies. */
const THREAD_POLL_MS = 15_000

/**
 * /home/kefuCenter: customer service. Signed in: the account's threads with their unread replies,
 * a new message (a question or a complaint, with up to three pictures), and a thread with its
 * messages and a reply box. Written offline, a message waits in the outbox and shows as waiting
 * to send. Signed out: the guest form for someone who cannot log in or forgot the password.
 */
export function SupportScreen() {
  const account = useSessionAccount()
  const { thread } = route.useSearch()
  if (account === undefined) {
    return (
      <div className="support">
        <BackBar title={<Trans>Customer service</Trans>} />
        <div className="page"><CardSkeleton lines={2} /></div>
      </div>
    )
  }
  if (account === null) return <GuestSupport />
  return thread ? <ThreadScreen key={thread} account={account} id={thread} /> : <ThreadList account={account} />
}

function ThreadList({ account }: { account: string }) {
  const { i18n } = useLingui()
  const online = useOnline()
  const list = useSupportThreads(account)
  const synced = useSupportThreadsSynced(account)
  const queued = useQueuedSupport(account)
  const rules = useSupportRules()
  const loading = useLoading(() => refreshSupportThreads(), account)
  const [writing, setWriting] = useState(false)
  const queuedNew = (queued ?? []).filter((item) => item.kind === 'support.create')
  return (
    <div className="support">
      <BackBar title={<Trans>Customer service</Trans>} />
      <SyncedLine synced={synced} loading={loading} testId="support-updated" />
      <div className="page">
        <ReplyTime hours={rules.replyHours} />
        {writing ? (
          <NewThread online={online} onDone={() => setWriting(false)} complaintDays={rules.complaintDays} />
        ) : (
          <button type="button" className="btn btn--primary btn--block" onClick={() => setWriting(true)} data-testid="support-new">
            <Trans>New message</Trans>
          </button>
        )}
        {queuedNew.length > 0 ? (
          <ul className="support-messages" data-testid="support-queued-threads">
            {queuedNew.map((item) => <QueuedBubble key={item.key} item={item} />)}
          </ul>
        ) : null}
        {list === undefined || (list === null && loading) ? (
          <CardSkeleton lines={2} />
        ) : list === null ? (
          <div className="card empty-state"><p><Trans>Your conversations with customer service show here once the app has been online.</Trans></p></div>
        ) : list.threads.length === 0 ? (
          <div className="card empty-state"><p><Trans>No conversations yet.</Trans></p></div>
        ) : (
          <ul className="menu support-threads" data-testid="support-threads">
            {list.threads.map((thread) => (
              <li key={thread.id} className="menu-item">
                <Link to="/home/kefuCenter" search={{ thread: thread.id }} className="support-thread-link" data-testid="support-thread" data-id={thread.id}>
                  <span className="support-thread-head">
                    <strong>{i18n._(TOPIC_NAMES[thread.topic])}</strong>
                    <StatusPill status={thread.status} />
                    <UnreadBadge count={thread.unread} testId="support-thread-unread" />
                  </span>
                  <LastLine thread={thread} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function LastLine({ thread }: { thread: SupportThread }) {
  const last = thread.lastMessage
  const at = formatDateTime(last?.createdAt ?? thread.updatedAt)
  const text = last?.body ?? ''
  return (
    <span className="support-thread-last muted">
      <span className="support-thread-text">{last ? (last.author === 'operator' ? <Trans>Customer service: {text}</Trans> : <Trans>You: {text}</Trans>) : null}</span>
      <span className="support-thread-time">{at}</span>
    </span>
  )
}

/** A question or a complaint; pictures uploaded first (online), then the message through the outbox. */
function NewThread({ online, onDone, complaintDays }: { online: boolean; onDone: () => void; complaintDays: number }) {
  const { t } = useLingui()
  const [topic, setTopic] = useState<UserTopic>('general')
  async function send(body: string, images: File[]) {
    try {
      const uploadIds = images.length ? await uploadSupportImages(images, randomUuid()) : []
      await createSupportThread({ topic, body, uploadIds })
      toast(online ? t`Message sent` : t`Queued, will send when online`)
      onDone()
    } catch (error) {
      toast.error(errorText(error))
      throw error
    }
  }
  return (
    <section className="card">
      <h2 className="section-title"><Trans>New message</Trans></h2>
      <Composer online={online} submitLabel={<Trans>Send</Trans>} testId="support-create" onSend={send}>
        <fieldset className="support-topics">
          <legend className="field-label"><Trans>About</Trans></legend>
          <label className="check-row">
            <input type="radio" name="topic" checked={topic === 'general'} onChange={() => setTopic('general')} data-testid="support-topic-general" />
            <span><Trans>A question or a request</Trans></span>
          </label>
          <label className="check-row">
            <input type="radio" name="topic" checked={topic === 'complaint'} onChange={() => setTopic('complaint')} data-testid="support-topic-complaint" />
            <span><Trans>A complaint</Trans></span>
          </label>
        </fieldset>
        {topic === 'complaint' ? (
          <p className="muted support-small"><Trans>A complaint is resolved within {complaintDays} days; the conversation shows the date and where to go if it is not.</Trans></p>
        ) : null}
      </Composer>
      <button type="button" className="btn btn--ghost btn--block" onClick={onDone}><Trans>Cancel</Trans></button>
    </section>
  )
}

/** One thread: its messages (with this device's unsent ones), the reply box, and for a complaint its window. */
function ThreadScreen({ account, id }: { account: string; id: number }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const detail = useSupportThread(account, id)
  const synced = useSupportThreadSynced(account, id)
  const queued = useQueuedSupport(account)
  const rules = useSupportRules()
  const [closing, setClosing] = useState(false)
  const [missing, setMissing] = useState<string | null>(null)
  const loading = useLoading(async () => {
    try {
      await refreshSupportThread(id)
    } catch (error) {
      setMissing(errorText(error))
    }
  }, `${account}:${id}`)
  const list = useSupportThreads(account)
  const thread = detail?.thread
  const unread = Math.max(thread?.unread ?? 0, list?.threads.find((t) => t.id === id)?.unread ?? 0)
  // Opening the thread reads its replies; a reply that arrives while it is open is read too.
  useEffect(() => {
    if (unread > 0) void markSupportRead(id).catch(() => undefined)
  }, [id, unread])
  const mine = (queued ?? []).filter((item) => item.kind === 'support.send' && item.body.threadId === id)
  const live = detail?.thread.status !== undefined && detail.thread.status !== 'closed'
  // While an open thread is on screen, its replies are fetched every few seconds (and so read).
  useEffect(() => {
    if (!live) return
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void refreshSupportThread(id).catch(() => undefined)
    }, THREAD_POLL_MS)
    return () => clearInterval(timer)
  }, [id, live])

  async function reply(body: string, images: File[]) {
    try {
      const uploadIds = images.length ? await uploadSupportImages(images, randomUuid()) : []
      await sendSupportMessage(id, body, uploadIds)
      if (!online) toast(t`Queued, will send when online`)
    } catch (error) {
      toast.error(errorText(error))
      throw error
    }
  }

  async function close() {
    setClosing(false)
    try {
      await closeSupportThread(id)
      toast(t`Conversation closed`)
    } catch (error) {
      toast.error(errorText(error))
    }
  }

  const title = thread ? i18n._(TOPIC_NAMES[thread.topic]) : t`Conversation`
  return (
    <div className="support">
      <BackBar title={title} right={thread ? <StatusPill status={thread.status} /> : null} />
      <SyncedLine synced={synced} loading={loading} testId="support-thread-updated" />
      <div className="page">
        {detail === undefined || (detail === null && loading) ? (
          <CardSkeleton lines={3} />
        ) : detail === null ? (
          <div className="card empty-state">
            <p>{missing ?? <Trans>This conversation shows here once the app has been online.</Trans>}</p>
            <Link to="/home/kefuCenter" className="link"><Trans>All conversations</Trans></Link>
          </div>
        ) : (
          <>
            {detail.thread.topic === 'complaint' ? <ComplaintWindow createdAt={detail.thread.createdAt} days={rules.complaintDays} /> : null}
            <ul className="support-messages" data-testid="support-thread-messages">
              {detail.messages.map((message) => <MessageBubble key={message.id} message={message} account={account} />)}
              {mine.map((item) => <QueuedBubble key={item.key} item={item} />)}
            </ul>
            {detail.thread.status === 'closed' ? (
              <p className="card muted" data-testid="support-closed"><Trans>This conversation is closed. Start a new message if you need more help.</Trans></p>
            ) : (
              <>
                {detail.thread.status === 'open' ? <ReplyTime hours={rules.replyHours} /> : null}
                <section className="card">
                  <Composer online={online} submitLabel={<Trans>Send</Trans>} testId="support-reply" onSend={reply} />
                </section>
                <button type="button" className="btn btn--ghost btn--block" onClick={() => setClosing(true)} data-testid="support-close">
                  <Trans>Close this conversation</Trans>
                </button>
              </>
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={closing}
        title={<Trans>Close this conversation?</Trans>}
        confirmLabel={<Trans>Close it</Trans>}
        onConfirm={() => void close()}
        onCancel={() => setClosing(false)}
      >
        <p><Trans>Close it when your question is answered. A closed conversation takes no more messages; you can always start a new one.</Trans></p>
      </ConfirmDialog>
    </div>
  )
}
