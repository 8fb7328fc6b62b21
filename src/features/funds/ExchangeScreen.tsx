import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { TextField } from '../../app/fields'
import { errorText } from '../../app/errors'
import { useAttemptKey } from '../../app/idempotency'
import { useLoading } from '../../app/useLoading'
import { useOnline } from '../../app/useOnline'
import { useSessionAccount, useUser } from '../../app/queries'
import { type CurrencyRate, type ExchangeRates, type Wallet } from '../../data/exchange'
import { intlLocale, normalizeLanguage } from '../../i18n/languages'
import { translateRefusal } from '../../i18n/serverMessages'
import { WALLET_CURRENCIES, decimalsOf, formatCurrency, minorToDecimal, parseAmount } from '../../lib/currency'
import { formatDateTime } from '../../lib/dates'
import { formatRateNumber, formatRupeeRate, minAcceptable, previewExchange, unitRate, type QuotePreview } from '../../lib/exchange'
import { exchangeCurrency, refreshExchangeRates, refreshWallets } from './actions'
import { useExchangeRates, useWallets, useWalletsSynced } from './queries'
// The wallet rows are fund-record rows: their look lives with the fund records.
import './funds.css'
import './exchange.css'

/** How often the rates are fetched again while the screen is open and online. */
const RATES_EVERY_MS = 15_000

/** /information/exChange: the wallets, the rates against the rupee, and one wallet into another. */
export function ExchangeScreen() {
  const account = useSessionAccount()
  const wallets = useWallets(account)
  const rates = useExchangeRates()
  const walletsSynced = useWalletsSynced(account)
  const online = useOnline()
  const loading = useLoading(() => Promise.all([refreshWallets(), refreshExchangeRates()]), account ?? '')
  useLiveRates(online)

  const waiting = wallets === undefined || rates === undefined || ((wallets === null || rates === null) && loading)
  return (
    <div className="funds exchange">
      <BackBar title={<Trans>Currency exchange</Trans>} />
      <div className="page">
        {waiting ? (
          <div className="card" aria-busy="true" data-testid="exchange-loading">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line" />
          </div>
        ) : wallets === null || rates === null ? (
          <div className="card empty-state" data-testid="exchange-empty">
            <p><Trans>Your wallets and the rates are not on this device yet.</Trans></p>
            <p className="muted"><Trans>Connect to the internet to load them.</Trans></p>
          </div>
        ) : (
          <>
            <ExchangeForm wallets={wallets} rates={rates} online={online} />
            <WalletList wallets={wallets} rates={rates} synced={walletsSynced ?? null} online={online} />
          </>
        )}
      </div>
    </div>
  )
}

/** Fetches the rates again every RATES_EVERY_MS while online and the page is visible. */
function useLiveRates(online: boolean): void {
  useEffect(() => {
    if (!online) return undefined
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refreshExchangeRates().catch(() => undefined)
    }, RATES_EVERY_MS)
    return () => clearInterval(timer)
  }, [online])
}

const midsOf = (rates: ExchangeRates) => Object.fromEntries(rates.rates.map((r) => [r.currency, r.mid]))

/** The currency's name in the reader's language ("US Dollar"), or its code where Intl has none. */
function useCurrencyName(): (code: string) => string {
  const { i18n } = useLingui()
  return useMemo(() => {
    const names = new Intl.DisplayNames([intlLocale(normalizeLanguage(i18n.locale))], { type: 'currency' })
    return (code: string) => names.of(code) ?? code
  }, [i18n.locale])
}

type Pending = { from: string; to: string; amount: number; amountOut: number; rate: string }

function ExchangeForm({ wallets, rates, online }: { wallets: Wallet[]; rates: ExchangeRates; online: boolean }) {
  const { t } = useLingui()
  const nameOf = useCurrencyName()
  const account = useSessionAccount()
  const user = useUser(account)
  const attempt = useAttemptKey()
  const [from, setFrom] = useState('INR')
  const [to, setTo] = useState('USD')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState<Pending | null>(null)
  const [busy, setBusy] = useState(false)

  const decimals = decimalsOf(from)
  const available = wallets.find((w) => w.currency === from)?.available ?? 0
  const amount = text.trim() === '' ? null : parseAmount(text, decimals)
  const blocked = user?.flags.disabled ? 'account_disabled' : user?.flags.frozen ? 'account_frozen' : null

  // The live preview: the server's rule at the stored rates, or the rule that would refuse.
  const preview = useMemo(() => {
    if (amount === null) return null
    const quote = previewExchange({ from, to, amountIn: amount, rates: midsOf(rates), spreadPerLakh: rates.spreadPerLakh })
    if (!quote.ok) return quote
    if (amount > available) return { ok: false as const, code: 'insufficient_balance', params: { available, required: amount, currency: from } }
    return quote
  }, [amount, from, to, rates, available])

  const availableText = formatCurrency(available, from)
  const decimalsText = String(decimals)
  const typedBad = text.trim() !== '' && amount === null

  function swap() {
    setFrom(to)
    setTo(from)
    setText('')
    setError(null)
  }

  async function ask(event: FormEvent) {
    event.preventDefault()
    setError(null)
    if (amount === null) return setError(typedBad ? t`Enter an amount with at most ${decimalsText} decimal places.` : t`Enter an amount above zero.`)
    if (!online) return setError(t`Exchanging needs the internet: the rate must be the current one.`)
    setBusy(true)
    // The confirmation shows the rate of now, not the one fetched when the screen opened.
    const fresh = await refreshExchangeRates({ fresh: true }).catch(() => undefined)
    setBusy(false)
    const now = fresh ?? rates
    const quote = previewExchange({ from, to, amountIn: amount, rates: midsOf(now), spreadPerLakh: now.spreadPerLakh })
    if (!quote.ok) return setError(translateRefusal(quote))
    if (amount > available) return setError(translateRefusal({ code: 'insufficient_balance', params: { available, required: amount, currency: from } }))
    setPending({ from, to, amount, amountOut: quote.amountOut, rate: rateLine(now, from, to) })
  }

  async function send(p: Pending) {
    setPending(null)
    if (busy) return
    setBusy(true)
    const body = { from: p.from, to: p.to, amount: p.amount, minAmountOut: minAcceptable(p.amountOut) }
    try {
      const done = await exchangeCurrency(body, attempt.keyFor(body))
      attempt.done()
      setText('')
      const paid = formatCurrency(done.amountIn, done.from)
      const got = formatCurrency(done.amountOut, done.to)
      toast.success(t`Exchanged ${paid} for ${got}.`)
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }

  const pendingIn = pending ? formatCurrency(pending.amount, pending.from) : ''
  const pendingOut = pending ? formatCurrency(pending.amountOut, pending.to) : ''
  const pendingMin = pending ? formatCurrency(minAcceptable(pending.amountOut), pending.to) : ''
  const pendingRate = pending?.rate ?? ''

  return (
    <form className="card form" onSubmit={(e) => void ask(e)} noValidate data-testid="exchange-form">
      <div className="exchange-pair">
        <CurrencyPicker label={<Trans>From</Trans>} value={from} onValue={(c) => { setFrom(c); setText(''); setError(null) }} nameOf={nameOf} testId="exchange-from" />
        <button type="button" className="btn btn--ghost exchange-swap" onClick={swap} aria-label={t`Swap the currencies`} data-testid="exchange-swap">
          ⇅
        </button>
        <CurrencyPicker label={<Trans>To</Trans>} value={to} onValue={(c) => { setTo(c); setError(null) }} nameOf={nameOf} testId="exchange-to" />
      </div>
      <TextField
        label={<Trans>Amount ({from})</Trans>}
        value={text}
        onValue={(v) => { setText(v); setError(null) }}
        inputMode={decimals > 0 ? 'decimal' : 'numeric'}
        autoComplete="off"
        name="amount"
        error={typedBad ? t`Enter an amount with at most ${decimalsText} decimal places.` : null}
        hint={<Trans>Available: {availableText}</Trans>}
        data-testid="exchange-amount"
      />
      <button type="button" className="btn btn--outline btn--small exchange-all" disabled={available <= 0} onClick={() => setText(minorToDecimal(available, decimals))} data-testid="exchange-all">
        <Trans>Exchange all</Trans>
      </button>
      <Preview preview={preview} rates={rates} from={from} to={to} />
      {blocked ? (
        <p className="form-error" role="status">
          {translateRefusal({ code: blocked })} <Link to="/home/kefuCenter" className="link"><Trans>Contact customer service</Trans></Link>
        </p>
      ) : null}
      {!online ? <p className="form-error" role="status" data-testid="exchange-offline"><Trans>You are offline. Exchanging needs the internet, so the rate is the current one.</Trans></p> : null}
      {error ? <p className="form-error" role="alert" data-testid="exchange-error">{error}</p> : null}
      <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy || !online || blocked !== null || from === to} data-testid="exchange-submit">
        {busy ? <Trans>Sending…</Trans> : <Trans>Exchange</Trans>}
      </button>
      <ConfirmDialog
        open={pending !== null}
        title={<Trans>Exchange {pendingIn}?</Trans>}
        confirmLabel={<Trans>Exchange</Trans>}
        onConfirm={() => pending && void send(pending)}
        onCancel={() => setPending(null)}
      >
        <p data-testid="exchange-confirm-rate"><Trans>Rate: {pendingRate}, spread included.</Trans></p>
        <p data-testid="exchange-confirm-out"><Trans>You get about {pendingOut}.</Trans></p>
        <p className="muted"><Trans>If the rate moves against you before it is done and you would get less than {pendingMin}, nothing is exchanged.</Trans></p>
      </ConfirmDialog>
    </form>
  )
}

/** "1 USD = 7,123.45 JPY": what one whole `from` brings after the spread, at `rates`. */
function rateLine(rates: ExchangeRates, from: string, to: string): string {
  const mid = (c: string) => rates.rates.find((r) => r.currency === c)?.mid ?? null
  const rateFrom = mid(from)
  const rateTo = mid(to)
  if (!rateFrom || !rateTo || from === to) return ''
  return `1 ${from} = ${formatRateNumber(unitRate(rateFrom, rateTo, rates.spreadPerLakh))} ${to}`
}

function Preview({ preview, rates, from, to }: { preview: QuotePreview | { ok: false; code: string; params: Record<string, string | number> } | null; rates: ExchangeRates; from: string; to: string }) {
  const line = rateLine(rates, from, to)
  const spread = formatSpread(rates.spreadPerLakh)
  const reference = rates.rates.some((r) => (r.currency === from || r.currency === to) && r.source === 'reference')
  const out = preview?.ok ? formatCurrency(preview.amountOut, preview.to) : ''
  return (
    <div className="exchange-preview" data-testid="exchange-preview" aria-live="polite">
      {preview === null ? null : preview.ok ? (
        <p className="exchange-out"><Trans>You get about <strong data-testid="exchange-preview-out">{out}</strong></Trans></p>
      ) : (
        <p className="form-error" data-testid="exchange-preview-refusal">{translateRefusal(preview)}</p>
      )}
      {line ? <p className="muted" data-testid="exchange-rate">{line}</p> : null}
      <p className="muted"><Trans>Spread of {spread} included in the rate.</Trans></p>
      {reference ? <p className="muted"><Trans>A reference rate is a fixed rate set by the operator where the market has no price for the currency.</Trans></p> : null}
    </div>
  )
}

/** Parts per lakh as a percentage: 500 -> "0.5%". */
function formatSpread(perLakh: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 3 }).format(perLakh / 100_000)
}

function CurrencyPicker({ label, value, onValue, nameOf, testId }: { label: ReactNode; value: string; onValue: (code: string) => void; nameOf: (code: string) => string; testId: string }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <select className="field-input" value={value} onChange={(e) => onValue(e.target.value)} data-testid={testId}>
        {WALLET_CURRENCIES.map((code) => (
          <option key={code} value={code}>{`${code} · ${nameOf(code)}`}</option>
        ))}
      </select>
    </label>
  )
}

function WalletList({ wallets, rates, synced, online }: { wallets: Wallet[]; rates: ExchangeRates; synced: number | null; online: boolean }) {
  const nameOf = useCurrencyName()
  const when = synced ? formatDateTime(synced) : null
  const quoted = formatDateTime(rates.at)
  return (
    <section className="mkt-section">
      <h2 className="section-title"><Trans>Wallets</Trans></h2>
      <ul className="menu" data-testid="wallets">
        {wallets.map((w) => (
          <WalletRow key={w.currency} wallet={w} rate={rates.rates.find((r) => r.currency === w.currency)} name={nameOf(w.currency)} />
        ))}
      </ul>
      <p className="list-updated">
        {online ? (
          <Trans>Rates as of {quoted}.</Trans>
        ) : when ? (
          <Trans>Offline: rates as of {quoted}, balances as of {when}.</Trans>
        ) : (
          <Trans>Offline: rates as of {quoted}.</Trans>
        )}
      </p>
    </section>
  )
}

function WalletRow({ wallet, rate, name }: { wallet: Wallet; rate: CurrencyRate | undefined; name: string }) {
  const sell = rate?.sell ? formatRupeeRate(rate.sell) : ''
  const buy = rate?.buy ? formatRupeeRate(rate.buy) : ''
  const frozen = formatCurrency(wallet.frozen, wallet.currency)
  return (
    <li className="menu-item fund-record exchange-wallet" data-testid="wallet" data-currency={wallet.currency}>
      <div className="fund-record-main">
        <strong>{wallet.currency} <span className="muted exchange-name">{name}</span></strong>
        {wallet.currency === 'INR' ? null : rate?.mid ? (
          <span className="fund-record-time">
            <Trans>You sell at {sell} · you buy at {buy}</Trans>
            {rate.source === 'reference' ? <> <span className="pill" data-testid="reference-rate"><Trans>Reference rate</Trans></span></> : null}
          </span>
        ) : (
          <span className="fund-record-time"><Trans>No rate now</Trans></span>
        )}
      </div>
      <div className="fund-record-amounts">
        <span className="fund-amount" data-testid="wallet-balance">{formatCurrency(wallet.available, wallet.currency)}</span>
        {wallet.frozen !== 0 ? <span className="fund-amount fund-amount--frozen"><Trans>Frozen {frozen}</Trans></span> : null}
      </div>
    </li>
  )
}
