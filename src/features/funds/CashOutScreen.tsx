import { type FormEvent, useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { PasswordField } from '../../app/fields'
import { TotpCodeField } from '../../app/TotpCodeField'
import { Stepper } from '../../app/Stepper'
import { errorText, refusalCode } from '../../app/errors'
import { translateRefusal } from '../../i18n/serverMessages'
import { useAttemptKey } from '../../app/idempotency'
import { useOnline } from '../../app/useOnline'
import { useConfig, useSessionAccount, useUser } from '../../app/queries'
import { type BankCard } from '../../data/identity'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { FUND_PASSWORD_PATTERN } from '../../lib/validators'
import { refreshBankCards } from '../identity/actions'
import { maskedAccount } from '../identity/BankListScreen'
import { useBankCards } from '../identity/queries'
import { refreshLoanInfo, refreshWithdrawals, requestWithdrawal } from './actions'
import { useCreditScore, useWithdrawals } from './queries'
import { onlySupportCanLift } from '../../app/supportOnly'
import './funds.css'

/** /information/cashOut: money to the user's own card, with every published rule shown first. */
export function CashOutScreen() {
  const account = useSessionAccount()
  const user = useUser(account)
  const cards = useBankCards(account)
  useEffect(() => {
    void refreshBankCards()
    void refreshWithdrawals()
    void refreshLoanInfo().catch(() => undefined)
  }, [account])

  let blocker: React.ReactNode = null
  if (user && user.realName.status !== 'verified') {
    blocker = <Step text={<Trans>Verify your identity first.</Trans>} to="/information/authInfo" label={<Trans>Verify your identity</Trans>} />
  } else if (user && user.fundPasswordSet === false) {
    blocker = <Step text={<Trans>Set a fund password first.</Trans>} to="/information/fundPass" label={<Trans>Set fund password</Trans>} />
  } else if (cards !== undefined && (cards ?? []).length === 0) {
    blocker = <Step text={<Trans>Add a bank card in your name first.</Trans>} to="/information/addBankCard" label={<Trans>Add a bank card</Trans>} />
  }

  return (
    <div className="funds">
      <BackBar title={<Trans>Withdraw</Trans>} />
      <div className="page">
        {user === undefined || cards === undefined ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : (
          (blocker ?? <WithdrawForm available={user?.balances.available ?? 0} cards={cards ?? []} totp={user?.totpEnabled === true} />)
        )}
        <ScoreRule account={account} />
        <History account={account} cards={cards ?? []} />
      </div>
    </div>
  )
}

function Step({ text, to, label }: { text: React.ReactNode; to: '/information/authInfo' | '/information/fundPass' | '/information/addBankCard'; label: React.ReactNode }) {
  return (
    <div className="card" data-testid="cashout-blocked">
      <p>{text}</p>
      <Link to={to} className="btn btn--primary btn--block">{label}</Link>
    </div>
  )
}

/**
 * `totp`: two-step sign-in is on (the stored /user/info), so the request carries a code from the
 * authenticator app; a server that answers totp_required (two-step turned on elsewhere since)
 * brings the field too.
 */
function WithdrawForm({ available, cards, totp }: { available: number; cards: BankCard[]; totp: boolean }) {
  const { t } = useLingui()
  const online = useOnline()
  const attempt = useAttemptKey()
  const min = Number(useConfig('withdraw_min') ?? 10_000) || 10_000
  const max = Number(useConfig('withdraw_max') ?? 50_000_000) || 50_000_000
  const window = useConfig('withdraw_window')
  const days = useConfig('withdraw_days')
  const [cardId, setCardId] = useState(cards[0]?.id ?? 0)
  const [amount, setAmount] = useState(min)
  const [fundPassword, setFundPassword] = useState('')
  const [totpCode, setTotpCode] = useState('')
  const [codeAsked, setCodeAsked] = useState(false)
  const askCode = totp || codeAsked
  const [error, setError] = useState<string | null>(null)
  // Refused because the account is frozen or disabled: only customer service can lift it.
  const [blocked, setBlocked] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const card = cards.find((c) => c.id === cardId) ?? cards[0]
  const top = Math.max(min, Math.min(max, available))
  const amountText = formatMoney(amount)
  const availableText = formatMoney(available)
  const minText = formatMoney(min)
  const maxText = formatMoney(max)
  const cardText = card ? `${card.bank} ${maskedAccount(card.accountNumber)}` : ''

  function ask(event: FormEvent) {
    event.preventDefault()
    setBlocked(false)
    if (!FUND_PASSWORD_PATTERN.test(fundPassword)) return setError(t`The fund password is six digits.`)
    if (amount > available) return setError(t`The available balance does not cover this amount.`)
    if (askCode && !totpCode.trim()) return setError(translateRefusal({ code: 'totp_required' }))
    setError(null)
    setConfirming(true)
  }

  async function send() {
    setConfirming(false)
    if (!card || busy) return
    setBusy(true)
    const input = askCode ? { amount, cardId: card.id, fundPassword, totpCode: totpCode.trim() } : { amount, cardId: card.id, fundPassword }
    try {
      await requestWithdrawal(input, attempt.keyFor(input))
      attempt.done()
      setFundPassword('')
      setTotpCode('')
      toast.success(t`Withdrawal requested: ${amountText} is frozen until it is reviewed.`)
    } catch (e) {
      if (refusalCode(e) === 'totp_required') setCodeAsked(true)
      setError(errorText(e))
      setBlocked(onlySupportCanLift(refusalCode(e)))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card form" onSubmit={ask} noValidate data-testid="cashout-form">
      <p className="muted" data-testid="cashout-available"><Trans>Available to withdraw: {availableText}</Trans></p>
      <label className="field">
        <span className="field-label"><Trans>To card</Trans></span>
        <select className="field-input" value={card?.id ?? 0} onChange={(e) => setCardId(Number(e.target.value))} data-testid="cashout-card">
          {cards.map((c) => (
            <option key={c.id} value={c.id}>{`${c.bank} ${maskedAccount(c.accountNumber)}`}</option>
          ))}
        </select>
      </label>
      <Stepper
        label={<Trans>Amount (₹)</Trans>}
        value={amount}
        onValue={setAmount}
        bounds={{ min, max: top, step: 100, decimals: 2 }}
        hint={<Trans>From {minText} to {maxText}, within what is available.</Trans>}
        testId="cashout-amount"
      />
      <PasswordField label={<Trans>Fund password</Trans>} value={fundPassword} onValue={(v) => setFundPassword(v.replace(/[^0-9]/g, '').slice(0, 6))} name="fundPassword" inputMode="numeric" autoComplete="off" />
      {askCode ? <TotpCodeField value={totpCode} onValue={setTotpCode} /> : null}
      {window ? <p className="muted">{days === 'weekdays' ? <Trans>Requests are taken on weekdays, {window} India time.</Trans> : <Trans>Requests are taken {window} India time.</Trans>}</p> : null}
      {!online ? <p className="form-error" role="status"><Trans>Withdrawing needs the internet.</Trans></p> : null}
      {error ? <p className="form-error" role="alert" data-testid="cashout-error">{error}</p> : null}
      {error && blocked ? <Link to="/home/kefuCenter" className="link"><Trans>Contact customer service</Trans></Link> : null}
      <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy || !online || available < min} data-testid="cashout-submit">
        {busy ? <Trans>Sending…</Trans> : <Trans>Withdraw</Trans>}
      </button>
      <ConfirmDialog
        open={confirming}
        title={<Trans>Withdraw {amountText}?</Trans>}
        confirmLabel={<Trans>Withdraw</Trans>}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        <p><Trans>To {cardText}. The amount is frozen now and paid after the review.</Trans></p>
      </ConfirmDialog>
    </form>
  )
}

/**
 * The published credit-score threshold for withdrawals (config withdraw_min_credit_score; 0 turns
 * the rule off), and the user's score when it is below it, with the way to see how it is made.
 */
function ScoreRule({ account }: { account: string | null | undefined }) {
  const min = Number(useConfig('withdraw_min_credit_score') ?? 0) || 0
  const score = useCreditScore(account)
  if (min <= 0) return null
  const low = typeof score === 'number' && score < min
  return (
    <p className={low ? 'card form-error' : 'muted'} data-testid="cashout-score-rule" data-low={low}>
      {low ? (
        <Trans>Withdrawals need a credit score of at least {min}; yours is {score}.</Trans>
      ) : (
        <Trans>Withdrawals need a credit score of at least {min}.</Trans>
      )}{' '}
      <Link to="/information/loan" className="link"><Trans>How the score is made</Trans></Link>
    </p>
  )
}

function History({ account, cards }: { account: string | null | undefined; cards: BankCard[] }) {
  const withdrawals = useWithdrawals(account)
  if (!withdrawals || withdrawals.length === 0) return null
  return (
    <section className="mkt-section">
      <h2 className="section-title"><Trans>Recent withdrawals</Trans></h2>
      <ul className="menu" data-testid="withdrawals">
        {withdrawals.map((w) => {
          const card = cards.find((c) => c.id === w.cardId)
          const when = formatDateTime(w.createdAt)
          const reason = w.reason ?? ''
          return (
            <li key={w.id} className="menu-item fund-record" data-testid="withdrawal" data-status={w.status}>
              <div className="fund-record-main">
                <strong>{formatMoney(w.amount)}</strong>
                <span className="fund-record-time">{when}{card ? ` · ${maskedAccount(card.accountNumber)}` : ''}</span>
                {w.status === 'rejected' && reason ? <span className="form-error"><Trans>Rejected: {reason}</Trans></span> : null}
              </div>
              <span className="pill">{w.status === 'pending' ? <Trans>Under review</Trans> : w.status === 'approved' ? <Trans>Paid</Trans> : <Trans>Rejected</Trans>}</span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
