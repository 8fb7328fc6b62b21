import { type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type UserInfo } from '../../data/db'
import { type StoredRealName } from '../../data/identity'
import { formatDate, formatDateTime } from '../../lib/dates'
import { maskTail } from '../../lib/mask'
import { BackBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { useSessionAccount, useUser, useUserSynced } from '../../app/queries'
import { useRealName } from '../identity/queries'
import { refreshSecurity } from './actions'
import './account.css'

type Flag = NonNullable<UserInfo['restrictions']>[number]['flag']

/** What each back-office flag stops, as the user reads it (server/accounts/rules.ts ACCOUNT_FLAGS). */
const FLAG_NAMES: Record<Flag, MessageDescriptor> = {
  frozen: msg`Account frozen`,
  login_banned: msg`Sign-in blocked`,
  disabled: msg`Account disabled`,
  no_trade: msg`Trading disabled`,
  no_withdraw: msg`Withdrawals disabled`,
}

/**
 * /information/userInfo: who the account is (number, verified name, masked ID and PAN, since
 * when) and what the back office has restricted, with its reason. From Dexie, offline too.
 */
export function UserInfoScreen() {
  const account = useSessionAccount()
  const user = useUser(account)
  const realName = useRealName(account)
  const synced = useUserSynced(account)
  const loading = useLoading(refreshSecurity, account ?? '')
  const when = synced ? formatDateTime(synced) : null

  return (
    <div className="account profile">
      <BackBar title={<Trans>Profile</Trans>} />
      <p className="list-updated" role="status" data-testid="profile-updated">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page">
        {user === undefined || (user === null && loading) ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /><span className="skeleton skeleton--line" /></div>
        ) : user === null ? (
          <div className="card empty-state" data-testid="profile-empty">
            <p><Trans>Your profile has not been loaded on this device yet.</Trans></p>
            <p className="muted"><Trans>Connect to the internet and open this screen again.</Trans></p>
          </div>
        ) : (
          <>
            <Identity user={user} realName={realName ?? null} />
            <Restrictions user={user} />
          </>
        )}
      </div>
    </div>
  )
}

function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function Identity({ user, realName }: { user: UserInfo; realName: StoredRealName | null }) {
  const { status, name, reason } = user.realName
  const submission = realName?.submission ?? null
  const why = reason ?? ''
  return (
    <section className="card" data-testid="profile-identity">
      <dl className="facts">
        <Fact label={<Trans context="login account">Account</Trans>} testId="profile-account">{user.account}</Fact>
        <Fact label={<Trans>Invite code</Trans>}>{user.inviteCode || '—'}</Fact>
        <Fact label={<Trans>Registered</Trans>}>{formatDate(user.createdAt)}</Fact>
        <Fact label={<Trans>Identity</Trans>} testId="profile-status">
          <StatusPill status={status} />
        </Fact>
        {status === 'verified' ? <Fact label={<Trans>Verified name</Trans>} testId="profile-name">{name ?? '—'}</Fact> : null}
        {submission ? (
          <>
            <Fact label={<Trans>ID number</Trans>} testId="profile-id">{maskTail(submission.idNumber)}</Fact>
            <Fact label={<Trans>PAN</Trans>} testId="profile-pan">{maskTail(submission.pan)}</Fact>
          </>
        ) : null}
      </dl>
      {status === 'failed' && why ? <p className="form-error" data-testid="profile-reason"><Trans>Reviewer's reason: {why}</Trans></p> : null}
      {status === 'none' || status === 'failed' ? (
        <Link to="/information/authInfo" className="btn btn--outline btn--block"><Trans>Verify your identity</Trans></Link>
      ) : null}
    </section>
  )
}

function StatusPill({ status }: { status: UserInfo['realName']['status'] }) {
  if (status === 'verified') return <span className="pill pill--ok"><Trans>Verified</Trans></span>
  if (status === 'pending') return <span className="pill pill--queued"><Trans>Under review</Trans></span>
  if (status === 'failed') return <span className="pill pill--failed"><Trans>Failed</Trans></span>
  return <span className="pill"><Trans>Not verified</Trans></span>
}

/** The flags the back office set, each with its reason; a row stored before reasons came shows the flags alone. */
function Restrictions({ user }: { user: UserInfo }) {
  const { i18n } = useLingui()
  const flags = user.flags
  const list: { flag: Flag; reason: string }[] =
    user.restrictions ??
    (
      [
        ['frozen', flags.frozen],
        ['login_banned', flags.loginBanned],
        ['disabled', flags.disabled],
        ['no_trade', flags.noTrade],
        ['no_withdraw', flags.noWithdraw],
      ] as const
    ).flatMap(([flag, on]) => (on ? [{ flag, reason: '' }] : []))
  return (
    <section className="card" data-testid="profile-restrictions">
      <h2 className="section-title"><Trans>Restrictions</Trans></h2>
      {list.length === 0 ? (
        <p className="muted" data-testid="profile-no-restrictions"><Trans>None: everything is open to you.</Trans></p>
      ) : (
        <ul className="profile-flags">
          {list.map(({ flag, reason }) => (
            <li key={flag} className="profile-flag" data-testid="profile-flag" data-flag={flag}>
              <strong>{Object.hasOwn(FLAG_NAMES, flag) ? i18n._(FLAG_NAMES[flag]) : flag}</strong>
              {reason ? <span><Trans>Reason: {reason}</Trans></span> : null}
            </li>
          ))}
        </ul>
      )}
      {list.length > 0 ? (
        <Link to="/home/kefuCenter" className="link" data-testid="profile-contact-support"><Trans>Contact customer service</Trans></Link>
      ) : null}
    </section>
  )
}
