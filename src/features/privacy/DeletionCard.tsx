import { type FormEvent, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { PasswordField } from '../../app/fields'
import { errorText } from '../../app/errors'
import { useAttemptKey } from '../../app/idempotency'
import { SyncedLine, CardSkeleton } from '../../app/SyncedLine'
import { toast } from '../../app/toast'
import { useLoading } from '../../app/useLoading'
import { useOnline } from '../../app/useOnline'
import { type DeletionBlocker, type DeletionInfo, type DeletionRequest, type RetainedRecord } from '../../data/privacy'
import { formatDate, formatDateTime } from '../../lib/dates'
import { cancelDeletion, refreshDeletionInfo, requestDeletion } from './actions'
import { useDeletionInfo, useDeletionInfoSynced } from './queries'

/**
 * The right to deletion: what still stands in the way (open positions, money left, a loan, a
 * request in review), which records the law keeps and until when, and the request itself, proved
 * by the login password and reviewed by a person; while it waits it can be cancelled. From Dexie
 * (deletionInfo), fetched again when the screen opens; acting needs the network.
 */
export function DeletionCard({ account }: { account: string }) {
  const info = useDeletionInfo(account)
  const synced = useDeletionInfoSynced(account)
  const loading = useLoading(refreshDeletionInfo, account)

  return (
    <section className="card privacy-card" data-testid="privacy-deletion">
      <h2 className="section-title"><Trans>Delete my account</Trans></h2>
      <SyncedLine synced={synced} loading={loading} testId="deletion-updated" className="muted" />
      {info === undefined || (info === null && loading) ? (
        <CardSkeleton lines={2} />
      ) : info === null ? (
        <p className="muted"><Trans>Connect to the internet to see whether the account can be deleted.</Trans></p>
      ) : (
        <Loaded info={info} />
      )}
    </section>
  )
}

function Loaded({ info }: { info: DeletionInfo }) {
  const pending = info.request?.status === 'pending'
  return (
    <>
      {info.request ? <RequestStatus request={info.request} /> : null}
      <Kept keep={info.keep} />
      {pending ? null : info.blockers.length > 0 ? <Blockers blockers={info.blockers} /> : <RequestForm />}
    </>
  )
}

function RequestStatus({ request }: { request: DeletionRequest }) {
  const { t } = useLingui()
  const online = useOnline()
  const attempt = useAttemptKey()
  const [busy, setBusy] = useState(false)
  const sent = formatDateTime(request.createdAt)
  const decided = request.decidedAt === null ? '' : formatDateTime(request.decidedAt)
  const reason = request.reason ?? ''

  async function cancel() {
    if (busy) return
    setBusy(true)
    try {
      await cancelDeletion(attempt.keyFor({ cancel: request.id }))
      attempt.done()
      toast.success(t`Your deletion request is cancelled.`)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="privacy-card" data-testid="deletion-request" data-status={request.status}>
      {request.status === 'pending' ? (
        <>
          <p><span className="pill pill--queued"><Trans>Under review</Trans></span> <Trans>You asked on {sent} for the account to be deleted. A person reviews the request; you will be signed out when it is approved.</Trans></p>
          <button type="button" className="btn btn--outline btn--block" disabled={!online || busy} onClick={() => void cancel()} data-testid="deletion-cancel">
            {busy ? <Trans>Sending…</Trans> : <Trans>Cancel the request</Trans>}
          </button>
        </>
      ) : request.status === 'rejected' ? (
        <p>
          <span className="pill pill--failed"><Trans>Rejected</Trans></span>{' '}
          {reason ? <Trans>Your request of {sent} was rejected on {decided}: {reason}</Trans> : <Trans>Your request of {sent} was rejected on {decided}.</Trans>}
        </p>
      ) : request.status === 'cancelled' ? (
        <p className="muted"><Trans>You cancelled your request of {sent}.</Trans></p>
      ) : (
        <p><span className="pill pill--ok"><Trans>Approved</Trans></span> <Trans>Your request of {sent} was approved on {decided}.</Trans></p>
      )}
    </div>
  )
}

/** Records the law keeps after closure, each with its period and the date it ends. */
function Kept({ keep }: { keep: readonly RetainedRecord[] }) {
  if (keep.length === 0) return null
  return (
    <div>
      <p><Trans>After the account is closed, the law requires us to keep:</Trans></p>
      <ul className="privacy-list" data-testid="deletion-keep">
        {keep.map((row) => {
          const until = formatDate(row.until)
          const years = row.years
          return (
            <li key={row.record} data-record={row.record} data-years={row.years}>
              {row.record === 'financial' ? (
                <Trans>Financial records (ledger, deposits, withdrawals, loans): {years} years, until {until}</Trans>
              ) : (
                <Trans>Investment records (orders, applications, investments): {years} years, until {until}</Trans>
              )}
            </li>
          )
        })}
      </ul>
      <p className="muted"><Trans>Everything else is erased when the request is approved.</Trans></p>
    </div>
  )
}

function Blockers({ blockers }: { blockers: readonly DeletionBlocker[] }) {
  return (
    <div data-testid="deletion-blockers">
      <p><Trans>The account cannot be deleted yet:</Trans></p>
      <ul className="privacy-list">
        {blockers.map((blocker) => (
          <li key={blocker} data-blocker={blocker}><BlockerText blocker={blocker} /></li>
        ))}
      </ul>
    </div>
  )
}

function BlockerText({ blocker }: { blocker: DeletionBlocker }) {
  switch (blocker) {
    case 'open_positions':
      return <Link to="/trade/index" search={{ tab: 'open' }} className="link"><Trans>Close your open positions.</Trans></Link>
    case 'pending_orders':
      return <Link to="/trade/index" search={{ tab: 'pending' }} className="link"><Trans>Cancel your pending orders.</Trans></Link>
    case 'balance':
      return <Link to="/information/cashOut" className="link"><Trans>Withdraw the money left in your wallets.</Trans></Link>
    case 'unpaid_loan':
      return <Link to="/information/loan" className="link"><Trans>Repay your loan.</Trans></Link>
    case 'fund_operation_pending':
      return <Link to="/information/fundRecord" className="link"><Trans>Wait until your money requests are reviewed.</Trans></Link>
  }
}

function RequestForm() {
  const { t } = useLingui()
  const online = useOnline()
  const attempt = useAttemptKey()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)

  function ask(event: FormEvent) {
    event.preventDefault()
    if (!password) return setError(t`Enter your password.`)
    setError(null)
    setConfirming(true)
  }

  async function send() {
    setConfirming(false)
    if (busy) return
    setBusy(true)
    const input = { password }
    try {
      await requestDeletion(password, attempt.keyFor(input))
      attempt.done()
      setPassword('')
      toast.success(t`Your deletion request was sent for review.`)
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form" onSubmit={ask} noValidate data-testid="deletion-form">
      <p className="muted"><Trans>Closing the account signs you out everywhere for good. It cannot be undone once approved.</Trans></p>
      <PasswordField
        label={<Trans>Login password</Trans>}
        value={password}
        onValue={setPassword}
        name="deletionPassword"
        autoComplete="current-password"
        error={error}
      />
      {!online ? <p className="form-error" role="status"><Trans>Asking needs the internet.</Trans></p> : null}
      <button type="submit" className="btn btn--danger btn--block" disabled={!online || busy} data-testid="deletion-submit">
        {busy ? <Trans>Sending…</Trans> : <Trans>Ask to delete my account</Trans>}
      </button>
      <ConfirmDialog
        open={confirming}
        danger
        title={<Trans>Delete your account?</Trans>}
        confirmLabel={<Trans>Ask to delete</Trans>}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        <p><Trans>Once a person approves the request, the account is closed for good and you cannot sign in again.</Trans></p>
      </ConfirmDialog>
    </form>
  )
}
