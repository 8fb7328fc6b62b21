import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { type UserInfo } from '../../data/db'
import { formatDateTime } from '../../lib/dates'
import { BackBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { useSessionAccount, useUser, useUserSynced } from '../../app/queries'
import { useBankCards } from '../identity/queries'
import { useUsdtAddresses } from '../funds/queries'
import { TwoStepCard } from '../privacy/TwoStepCard'
import { MenuLink } from './MenuLink'
import { refreshSecurity } from './actions'
import './account.css'

/**
 * /information/safety: the account's protections at a glance (login password, fund password,
 * verified identity, a bank card of one's own) and the way to each, the failed sign-in
 * attempts on the account since the previous sign-in, and two-step sign-in (the privacy area's
 * card, its strings in that area's catalog, which the route loads). From Dexie (the cached /user/info), offline too.
 */
export function SafetyScreen() {
  const account = useSessionAccount()
  const user = useUser(account)
  const synced = useUserSynced(account)
  const loading = useLoading(refreshSecurity, account ?? '')
  const when = synced ? formatDateTime(synced) : null

  return (
    <div className="account safety">
      <BackBar title={<Trans>Security</Trans>} />
      <p className="list-updated" role="status" data-testid="safety-updated">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page">
        {user === undefined || (user === null && loading) ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : user === null ? (
          <div className="card empty-state" data-testid="safety-empty">
            <p><Trans>Your security settings have not been loaded on this device yet.</Trans></p>
            <p className="muted"><Trans>Connect to the internet and open this screen again.</Trans></p>
          </div>
        ) : (
          <Protections account={account} user={user} />
        )}
      </div>
    </div>
  )
}

function Protections({ account, user }: { account: string | null | undefined; user: UserInfo }) {
  const { t } = useLingui()
  const cards = useBankCards(account)
  const addresses = useUsdtAddresses(account)
  const fundSet = user.fundPasswordSet === true
  const status = user.realName.status
  const checks = [true, fundSet, status === 'verified', (cards?.length ?? 0) > 0]
  const done = checks.filter(Boolean).length
  const all = checks.length
  const statusText =
    status === 'verified' ? t`Verified` : status === 'pending' ? t`Under review` : status === 'failed' ? t`Failed` : t`Not verified`
  const cardText = cards == null ? '—' : plural(cards.length, { one: '# card', other: '# cards' })
  const addressText = addresses == null ? '—' : addresses.length === 0 ? t`None` : plural(addresses.length, { one: '# address', other: '# addresses' })

  return (
    <>
      <FailedSignIns report={user.failedSignIns} />
      <section className={done === all ? 'card safety-level safety-level--ok' : 'card safety-level'} data-testid="safety-level" data-done={done}>
        <strong><Trans>{done} of {all} protections in place</Trans></strong>
        <p className="muted">
          {done === all ? (
            <Trans>Your account has every protection this app offers.</Trans>
          ) : (
            <Trans>Withdrawals need a fund password, a verified identity and a bank card in your name.</Trans>
          )}
        </p>
      </section>
      <TwoStepCard enabled={user.totpEnabled === true} />
      <ul className="menu" data-testid="safety-menu">
        <MenuLink to="/information/loginPass" value={t`Set`}><Trans>Login password</Trans></MenuLink>
        <MenuLink to="/information/fundPass" value={fundSet ? t`Set` : t`Not set`}><Trans>Fund password</Trans></MenuLink>
        <MenuLink to="/information/authInfo" value={statusText}><Trans>Identity verification</Trans></MenuLink>
        <MenuLink to="/information/bankList" value={cardText}><Trans>Bank cards</Trans></MenuLink>
        <MenuLink to="/information/usdtAddress" value={addressText}><Trans>USDT addresses</Trans></MenuLink>
      </ul>
      <ul className="menu">
        <MenuLink to="/information/userInfo"><Trans>Profile</Trans></MenuLink>
      </ul>
    </>
  )
}

/**
 * Someone who knows the phone number may be guessing its password: the owner is told how many
 * wrong passwords came since his previous sign-in (the server counts them; it never locks him out).
 * A row cached by an older version has no report: nothing is shown rather than a wrong "none".
 */
function FailedSignIns({ report }: { report: UserInfo['failedSignIns'] }) {
  if (report === undefined) return null
  const { count, lastAt } = report
  const when = lastAt === null ? '' : formatDateTime(lastAt)
  return (
    <section
      className={count === 0 ? 'card safety-level safety-level--ok' : 'card safety-level'}
      data-testid="safety-failed-sign-ins"
      data-count={count}
    >
      <strong><Trans>Sign-in attempts</Trans></strong>
      {count === 0 ? (
        <p className="muted"><Trans>No failed sign-in attempts since your previous sign-in.</Trans></p>
      ) : (
        <>
          <p>
            {plural(count, {
              one: `# failed sign-in attempt since your previous sign-in, the last on ${when}`,
              other: `# failed sign-in attempts since your previous sign-in, the last on ${when}`,
            })}
          </p>
          <p className="muted"><Trans>If it was not you, change your login password.</Trans></p>
        </>
      )}
    </section>
  )
}
