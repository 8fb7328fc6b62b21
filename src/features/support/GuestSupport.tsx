import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { AccountField, PasswordField, TextField } from '../../app/fields'
import { errorText, refusalCode } from '../../app/errors'
import { toast } from '../../app/toast'
import { usePasswordRules } from '../../app/queries'
import { useNow } from '../../app/useNow'
import { useOnline } from '../../app/useOnline'
import { checkAccount, checkConfirm, checkPassword } from '../../app/validation'
import { type GuestTopic, type StoredSupportThread, type SupportGuest } from '../../data/support'
import { translateRefusal } from '../../i18n/serverMessages'
import { formatDateTime } from '../../lib/dates'
import { randomUuid } from '../../lib/uuid'
import { createGuestThread, fetchGuestThread, forgetSupportGuest, resetGuestPassword, sendGuestMessage } from './actions'
import { Composer, MessageBubble, ReplyTime, StatusPill } from './parts'
import { useSupportGuest, useSupportRules } from './queries'
import './support.css'

const route = getRouteApi('/home/kefuCenter')

/** An Indian PAN: five letters, four digits, a letter (checked here first; the server compares it). */
const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/

/** How often an open guest thread asks for news while on screen. */
const GUEST_POLL_MS = 10_000

/**
 * Customer service without a session: someone whose login is blocked, or who forgot the
 * password, writes here. A reset also asks for the verified name and PAN; an operator compares
 * them with the verified record and may allow one new password, set on this screen.
 */
export function GuestSupport() {
  const guest = useSupportGuest()
  return (
    <div className="support">
      <BackBar title={<Trans>Customer service</Trans>} right={<Link to="/login/login" className="link"><Trans>Log in</Trans></Link>} />
      <div className="page">
        {guest === undefined ? null : guest === null ? <GuestForm /> : <GuestThread guest={guest} />}
      </div>
    </div>
  )
}

type FormErrors = { account?: string; name?: string; pan?: string; form?: string }

function GuestForm() {
  const { t } = useLingui()
  const search = route.useSearch()
  const online = useOnline()
  const [topic, setTopic] = useState<GuestTopic>(search.topic ?? 'login_banned')
  const [account, setAccount] = useState(search.account ?? '')
  const [name, setName] = useState('')
  const [pan, setPan] = useState('')
  const [errors, setErrors] = useState<FormErrors>({})
  const [attemptKey] = useState(randomUuid)
  const reset = topic === 'password_reset'

  async function send(body: string) {
    const accountRefusal = checkAccount(account)
    const next: FormErrors = {
      account: accountRefusal ? translateRefusal(accountRefusal) : undefined,
      name: reset && !name.trim() ? t`Enter your name as on your verified identity.` : undefined,
      pan: reset && !PAN_PATTERN.test(pan) ? t`Enter the 10-character PAN, e.g. ABCDE1234F.` : undefined,
    }
    setErrors(next)
    if (next.account || next.name || next.pan) throw new Error('invalid')
    try {
      await createGuestThread({ account, topic, body, name: name.trim(), pan }, attemptKey)
    } catch (error) {
      setErrors({ form: errorText(error) })
      throw error
    }
  }

  return (
    <section className="card" data-testid="support-guest-form">
      <h2 className="section-title"><Trans>Write to customer service</Trans></h2>
      <p className="muted support-small"><Trans>You do not need to be logged in. We never say here whether an account exists; customer service answers in this conversation.</Trans></p>
      <Composer online={online} pictures={false} submitLabel={<Trans>Send</Trans>} testId="support-guest" onSend={(body) => send(body)}>
        <fieldset className="support-topics">
          <legend className="field-label"><Trans>About</Trans></legend>
          <label className="check-row">
            <input type="radio" name="guest-topic" checked={topic === 'login_banned'} onChange={() => setTopic('login_banned')} data-testid="support-topic-login_banned" />
            <span><Trans>I cannot log in (blocked, frozen or disabled)</Trans></span>
          </label>
          <label className="check-row">
            <input type="radio" name="guest-topic" checked={topic === 'password_reset'} onChange={() => setTopic('password_reset')} data-testid="support-topic-password_reset" />
            <span><Trans>I forgot my password</Trans></span>
          </label>
        </fieldset>
        <AccountField value={account} onValue={setAccount} error={errors.account} />
        {reset ? (
          <>
            <TextField label={<Trans>Name on your verified identity</Trans>} value={name} onValue={setName} autoComplete="name" error={errors.name} data-testid="support-guest-name" />
            <TextField
              label={<Trans>PAN</Trans>}
              value={pan}
              onValue={(v) => setPan(v.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 10))}
              autoComplete="off"
              error={errors.pan}
              hint={<Trans>The PAN of your verified identity, e.g. ABCDE1234F.</Trans>}
              data-testid="support-guest-pan"
            />
          </>
        ) : null}
        {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
        {!online ? <p className="form-error" role="status"><Trans>Writing to customer service without logging in needs the internet.</Trans></p> : null}
      </Composer>
    </section>
  )
}

/** The guest thread, fetched from the server while on screen; the reply box; the new password once allowed. */
function GuestThread({ guest }: { guest: SupportGuest }) {
  const { t } = useLingui()
  const online = useOnline()
  const rules = useSupportRules()
  const now = useNow(30_000)
  const [detail, setDetail] = useState<StoredSupportThread | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [gone, setGone] = useState(false)

  const load = useCallback(async () => {
    try {
      setDetail(await fetchGuestThread(guest))
      setProblem(null)
    } catch (error) {
      if (refusalCode(error) === 'support_thread_not_found') setGone(true)
      setProblem(errorText(error))
    }
  }, [guest])

  useEffect(() => {
    // The first fetch right after mounting, then every few seconds while the page is visible.
    const first = setTimeout(() => void load(), 0)
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void load()
    }, GUEST_POLL_MS)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [load])

  async function reply(body: string) {
    try {
      await sendGuestMessage(guest, body, randomUuid())
      await load()
    } catch (error) {
      toast.error(errorText(error))
      throw error
    }
  }

  const thread = detail?.thread
  const granted = thread?.resetGrantedUntil != null && thread.resetGrantedUntil > now && thread.resetUsedAt === null
  const account = guest.account
  const opened = formatDateTime(guest.createdAt)
  return (
    <>
      <section className="card" data-testid="support-guest-thread" data-thread={guest.threadId}>
        <h2 className="section-title">
          {guest.topic === 'password_reset' ? <Trans>Password reset for {account}</Trans> : <Trans>Logging in to {account}</Trans>}{' '}
          {thread ? <StatusPill status={thread.status} /> : null}
        </h2>
        <p className="muted support-small"><Trans>Opened {opened} on this device. Keep this device: the conversation opens only here.</Trans></p>
        {problem ? <p className="form-error" role="alert">{problem}</p> : null}
      </section>
      {detail ? (
        <ul className="support-messages" data-testid="support-thread-messages">
          {detail.messages.map((message) => <MessageBubble key={message.id} message={message} account={null} />)}
        </ul>
      ) : null}
      {thread?.resetUsedAt ? (
        <p className="card" data-testid="support-reset-done">
          <Trans>Your new password is set and every earlier session has ended.</Trans>{' '}
          <Link to="/login/login" className="link"><Trans>Log in</Trans></Link>
        </p>
      ) : granted && thread ? (
        <NewPassword guest={guest} until={thread.resetGrantedUntil ?? 0} onDone={load} />
      ) : null}
      {thread && thread.status !== 'closed' ? (
        <>
          {thread.status === 'open' ? <ReplyTime hours={rules.replyHours} /> : null}
          <section className="card">
            <Composer online={online} pictures={false} submitLabel={<Trans>Send</Trans>} testId="support-guest-reply" onSend={(body) => reply(body)} />
          </section>
        </>
      ) : null}
      <button
        type="button"
        className="btn btn--ghost btn--block"
        onClick={() => {
          if (gone || thread?.status === 'closed' || window.confirm(t`Start over? This conversation will no longer open on this device.`)) void forgetSupportGuest()
        }}
        data-testid="support-guest-start-over"
      >
        <Trans>Start a new conversation</Trans>
      </button>
    </>
  )
}

/** The new password, allowed once by an operator until `until`; every session of the account ends. */
function NewPassword({ guest, until, onDone }: { guest: SupportGuest; until: number; onDone: () => Promise<void> }) {
  const { t } = useLingui()
  const rules = usePasswordRules()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({})
  const [busy, setBusy] = useState(false)
  const [attemptKey] = useState(randomUuid)
  const untilText = formatDateTime(until)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const p = checkPassword(password, rules)
    const c = checkConfirm(password, confirm)
    const next = { password: p ? translateRefusal(p) : undefined, confirm: c ? translateRefusal(c) : undefined }
    setErrors(next)
    if (next.password || next.confirm) return
    setBusy(true)
    try {
      await resetGuestPassword(guest, password, confirm, attemptKey)
      toast(t`Password changed. Log in with the new one.`)
      await onDone()
    } catch (error) {
      setErrors({ form: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card form" onSubmit={(event) => void submit(event)} noValidate data-testid="support-reset-form">
      <h2 className="section-title"><Trans>Set a new password</Trans></h2>
      <p className="muted support-small"><Trans>Customer service allowed one new password until {untilText}. Setting it logs out every device.</Trans></p>
      <PasswordField label={<Trans>New password</Trans>} value={password} onValue={setPassword} error={errors.password} autoComplete="new-password" name="new-password" />
      <PasswordField label={<Trans>Repeat the new password</Trans>} value={confirm} onValue={setConfirm} error={errors.confirm} autoComplete="new-password" name="confirm-password" />
      {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="support-reset-submit">
        <Trans>Set the new password</Trans>
      </button>
    </form>
  )
}
