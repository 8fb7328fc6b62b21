/** Pieces shared by the customer-service screens: a thread's state and topic, messages, pictures, the complaint window. */
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react'
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type OutboxItem } from '../../data/db'
import { SUPPORT_BODY_MAX, SUPPORT_MAX_IMAGES, type SupportMessage, type SupportThread } from '../../data/support'
import { translateRefusal } from '../../i18n/serverMessages'
import { formatDate, formatDateTime } from '../../lib/dates'
import { UPLOAD_MAX_BYTES } from '../identity/PhotoField'
import { fetchPicture } from './actions'
import { useStoredPicture } from './queries'

export const TOPIC_NAMES: Record<SupportThread['topic'], MessageDescriptor> = {
  general: msg`Question`,
  complaint: msg`Complaint`,
  login_banned: msg`Cannot log in`,
  password_reset: msg`Password reset`,
}

export function StatusPill({ status }: { status: SupportThread['status'] | 'queued' | 'refused' }) {
  switch (status) {
    case 'open':
      return <span className="pill pill--queued" data-status="open"><Trans>Waiting for a reply</Trans></span>
    case 'answered':
      return <span className="pill pill--ok" data-status="answered"><Trans>Answered</Trans></span>
    case 'closed':
      return <span className="pill" data-status="closed"><Trans context="support thread">Closed</Trans></span>
    case 'queued':
      return <span className="pill pill--queued" data-status="queued"><Trans>Waiting to send</Trans></span>
    case 'refused':
      return <span className="pill pill--failed" data-status="refused"><Trans>Refused</Trans></span>
  }
}

/** A count of unread replies, or nothing when there are none. */
export function UnreadBadge({ count, testId }: { count: number; testId?: string }) {
  if (count <= 0) return null
  return <span className="support-badge" data-testid={testId} data-count={count}>{count}</span>
}

/** One message: the user's on the right, customer service's on the left, with its pictures. */
export function MessageBubble({ message, account }: { message: Pick<SupportMessage, 'author' | 'body' | 'uploadIds' | 'createdAt'>; account: string | null }) {
  const mine = message.author === 'user'
  const at = formatDateTime(message.createdAt)
  return (
    <li className={mine ? 'support-msg support-msg--mine' : 'support-msg'} data-testid="support-message" data-author={message.author}>
      <p className="support-msg-who muted">{mine ? <Trans>You</Trans> : <Trans>Customer service</Trans>} · {at}</p>
      <p className="support-msg-body">{message.body}</p>
      {account && message.uploadIds.length > 0 ? (
        <div className="support-pictures">
          {message.uploadIds.map((id) => <StoredPicture key={id} account={account} id={id} />)}
        </div>
      ) : null}
    </li>
  )
}

/** A message written on this device that the server has not taken yet, or refused. */
export function QueuedBubble({ item }: { item: OutboxItem }) {
  const refused = item.state === 'failed' && item.error ? translateRefusal(item.error) : null
  const body = typeof item.body.body === 'string' ? item.body.body : ''
  return (
    <li className="support-msg support-msg--mine support-msg--queued" data-testid="support-queued" data-state={item.state}>
      <p className="support-msg-who muted">
        <StatusPill status={refused ? 'refused' : 'queued'} />
      </p>
      <p className="support-msg-body">{body}</p>
      {refused ? <p className="form-error">{refused}</p> : null}
    </li>
  )
}

/** One of the user's own pictures, fetched to this device once and shown from there. */
function StoredPicture({ account, id }: { account: string; id: number }) {
  const blob = useStoredPicture(account, id)
  useEffect(() => {
    void fetchPicture(id).catch(() => undefined)
  }, [id])
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob])
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url)
  }, [url])
  return url ? <img className="support-picture" src={url} alt="" data-testid="support-picture" /> : <span className="support-picture support-picture--empty" />
}

/** SEBI's complaint redress system (SCORES) and the securities market's online dispute resolution portal. */
const SCORES_URL = 'https://scores.sebi.gov.in'
const SMART_ODR_URL = 'https://smartodr.in'

/**
 * A complaint's window and where to go after it (SEBI's investor grievance rules): the broker
 * resolves within the published number of days; unresolved by then, or unsatisfied with the
 * answer, the investor may go to SEBI SCORES, and after that to the SMART ODR online dispute portal.
 */
export function ComplaintWindow({ createdAt, days }: { createdAt: number; days: number }) {
  const due = formatDate(createdAt + days * 24 * 60 * 60 * 1000)
  return (
    <section className="card support-complaint" data-testid="support-complaint-window">
      <h2 className="section-title"><Trans>Your complaint</Trans></h2>
      <p><Trans>We must resolve a complaint within {days} days: this one by {due}.</Trans></p>
      <ol className="support-steps">
        <li><Trans>We look into it and answer here.</Trans></li>
        <li>
          <Trans>
            If it is not resolved by {due}, or you are not satisfied with our answer, you can take it to SEBI's complaint system, SCORES:
          </Trans>{' '}
          <a className="link" href={SCORES_URL} target="_blank" rel="noreferrer" data-testid="support-scores">{new URL(SCORES_URL).host}</a>
        </li>
        <li>
          <Trans>If SCORES does not settle it either, you can start online conciliation and arbitration on SMART ODR:</Trans>{' '}
          <a className="link" href={SMART_ODR_URL} target="_blank" rel="noreferrer" data-testid="support-smart-odr">{new URL(SMART_ODR_URL).host}</a>
        </li>
      </ol>
    </section>
  )
}

/** The expected reply time (config support_reply_hours). */
export function ReplyTime({ hours }: { hours: number }) {
  return <p className="muted support-small" data-testid="support-reply-time"><Trans>Customer service usually replies within {hours} hours.</Trans></p>
}

export type ComposerProblem = 'empty' | 'too_long' | 'too_many' | 'too_large' | 'offline_pictures'

/** Why a message cannot be sent as it is; null when it can. The server checks the same rules. */
export function composerProblem(body: string, images: readonly File[], online: boolean): ComposerProblem | null {
  const text = body.trim()
  if (!text) return 'empty'
  if (text.length > SUPPORT_BODY_MAX) return 'too_long'
  if (images.length > SUPPORT_MAX_IMAGES) return 'too_many'
  if (images.some((f) => f.size > UPLOAD_MAX_BYTES)) return 'too_large'
  if (images.length > 0 && !online) return 'offline_pictures'
  return null
}

const PROBLEMS: Record<Exclude<ComposerProblem, 'empty'>, MessageDescriptor> = {
  too_long: msg`A message may be at most 2000 characters long.`,
  too_many: msg`At most 3 pictures to one message.`,
  too_large: msg`A photo may be at most 5 MB.`,
  offline_pictures: msg`Pictures can be sent only online. Remove them to queue the text, or wait for the connection.`,
}

/**
 * A message and up to three pictures. `onSend` gets the trimmed text and the pictures; it
 * resolves once the message is queued (or throws, and the text stays as typed).
 */
export function Composer({
  online,
  pictures = true,
  submitLabel,
  testId,
  onSend,
  children,
}: {
  online: boolean
  pictures?: boolean
  submitLabel: ReactNode
  testId: string
  onSend: (body: string, images: File[]) => Promise<void>
  children?: ReactNode
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const [body, setBody] = useState('')
  const [images, setImages] = useState<File[]>([])
  const [busy, setBusy] = useState(false)
  const [tried, setTried] = useState(false)
  const problem = composerProblem(body, images, online)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (problem || busy) return
    setBusy(true)
    try {
      await onSend(body.trim(), images)
      setBody('')
      setImages([])
      setTried(false)
    } catch {
      // The caller has shown why; the text stays as typed.
    } finally {
      setBusy(false)
    }
  }

  const error = problem === 'empty' ? (tried ? t`Write your message first.` : null) : problem ? i18n._(PROBLEMS[problem]) : null
  return (
    <form className="form support-composer" onSubmit={(event) => void submit(event)} noValidate data-testid={testId}>
      {children}
      <div className={error ? 'field field--error' : 'field'}>
        <label className="field-label" htmlFor={id}><Trans>Message</Trans></label>
        <div className="field-box">
          <textarea
            id={id}
            className="field-input support-textarea"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={4}
            maxLength={SUPPORT_BODY_MAX + 100}
            data-testid={`${testId}-body`}
          />
        </div>
        {error ? <p className="field-error" role="alert">{error}</p> : <p className="field-hint">{body.trim().length} / {SUPPORT_BODY_MAX}</p>}
      </div>
      {pictures ? <PicturePicker images={images} onImages={setImages} testId={`${testId}-pictures`} /> : null}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid={`${testId}-send`}>
        {busy ? <Trans>Sending…</Trans> : submitLabel}
      </button>
    </form>
  )
}

function PicturePicker({ images, onImages, testId }: { images: File[]; onImages: (images: File[]) => void; testId: string }) {
  const id = useId()
  const previews = useMemo(() => images.map((f) => URL.createObjectURL(f)), [images])
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews])
  return (
    <div className="field">
      <div className="support-pictures">
        {previews.map((url, index) => (
          <button
            key={url}
            type="button"
            className="support-picture-remove"
            onClick={() => onImages(images.filter((_, i) => i !== index))}
            data-testid={`${testId}-remove`}
          >
            <img className="support-picture" src={url} alt="" />
            <span className="support-picture-x"><Trans>Remove</Trans></span>
          </button>
        ))}
      </div>
      {images.length < SUPPORT_MAX_IMAGES ? (
        <>
          <label className="btn btn--outline btn--small" htmlFor={id}><Trans>Add a picture</Trans></label>
          <input
            id={id}
            className="support-file-input"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])]
              event.target.value = ''
              onImages([...images, ...chosen].slice(0, SUPPORT_MAX_IMAGES))
            }}
            data-testid={testId}
          />
        </>
      ) : null}
      <p className="field-hint"><Trans>Up to 3 pictures: JPEG, PNG or WebP, at most 5 MB each.</Trans></p>
    </div>
  )
}
