import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { type QuoteRow } from '../../data/db'
import { formatMoney, formatPrice, priceDecimals } from '../../lib/money'
import { tradingRulesFromConfig, openingCostsPreview, type ClientTradingRules, type OpeningCostsPreview } from '../../lib/trade'
import { ActionBar } from '../../app/ActionBar'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { errorText } from '../../app/errors'
import { useOnline } from '../../app/useOnline'
import { useSessionAccount, useUser } from '../../app/queries'
import { translateRefusal } from '../../i18n/serverMessages'
import { QueuedOrders } from './QueuedOrders'
import { QuizLink } from './QuizLink'
import { Stepper } from '../../app/Stepper'
import { RulesCard } from './RulesCard'
import { checkOrder, instrumentHours, isPastCutoff, marginTradingOf, marketHoursFromConfig, type RuleCheck } from './checks'
import { DIRECTION_NAMES, TYPE_NAMES, formatQuantity, rupeePrice } from './labels'
import { useConfigMap, useOutboxItem, useQuote, useStockDetail, useVipDiscount } from './queries'
import { useNow } from '../../app/useNow'
import { useLiveQuotes } from '../../app/useLiveQuotes'
import { useLoading } from '../../app/useLoading'
import { discard, placeOrder, refreshInstrument, refreshTrade, refreshVipDiscount } from './actions'
import './trade.css'

const route = getRouteApi('/market/marketBuy')

type Direction = 'long' | 'short'
type OrderType = 'market' | 'limit'

/** The order form: market or limit, long or short, lots, leverage, day trading; costs and rules live. */
export function MarketBuyScreen() {
  const search = route.useSearch()
  const quote = useQuote(search.symbol)
  const detail = useStockDetail(search.symbol)
  const config = useConfigMap()
  const rules = useMemo(() => tradingRulesFromConfig((name) => config?.get(name)), [config])

  // "Fetching" waits for the instrument only; the orders and balance refresh alongside.
  const fetching = useLoading(() => {
    const instrument = refreshInstrument(search.symbol)
    void refreshTrade()
    void refreshVipDiscount()
    return instrument
  }, search.symbol)
  useLiveQuotes(search.symbol ? [search.symbol] : [])

  const symbol = search.symbol
  const name = quote?.name ?? symbol
  const title = quote ? quote.name : search.symbol
  return (
    <div className="trade">
      <BackBar title={title || <Trans>Place an order</Trans>} />
      {quote === undefined || config === undefined || (quote === null && fetching) ? (
        <div className="page"><FormSkeleton /></div>
      ) : quote === null || quote.lotUnits === undefined || quote.unitDivisor === undefined ? (
        <div className="page">
          <div className="card empty-state" data-testid="order-unavailable">
            {quote === null ? (
              <p><Trans>No quote for {symbol} on this device yet. Open it once while online.</Trans></p>
            ) : (
              <p><Trans>{name} is an index: it is computed, not traded.</Trans></p>
            )}
          </div>
        </div>
      ) : (
        <OrderForm
          key={quote.symbol}
          quote={quote}
          rules={rules}
          hours={instrumentHours(marketHoursFromConfig((name) => config.get(name)), detail?.market)}
          initialDirection={search.direction}
          initialDayTrading={search.dayTrading === true}
        />
      )}
    </div>
  )
}

function OrderForm({
  quote,
  rules,
  hours,
  initialDirection,
  initialDayTrading,
}: {
  quote: QuoteRow
  rules: ClientTradingRules
  hours: ReturnType<typeof marketHoursFromConfig>
  initialDirection: Direction
  initialDayTrading: boolean
}) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const account = useSessionAccount()
  const user = useUser(account)
  const vip = useVipDiscount(account)
  const [direction, setDirection] = useState<Direction>(initialDirection)
  const [type, setType] = useState<OrderType>('market')
  const [lots, setLots] = useState(1)
  const [limitPrice, setLimitPrice] = useState(quote.price)
  const [leverage, setLeverage] = useState(1)
  const [dayTrading, setDayTrading] = useState(initialDayTrading)
  const [confirming, setConfirming] = useState(false)
  const [sending, setSending] = useState(false)
  const [queuedKey, setQueuedKey] = useState<string | null>(null)
  const queued = useOutboxItem(queuedKey)
  const now = useNow(15_000)
  const online = useOnline()

  const margin = marginTradingOf(user)
  const tick = Math.max(1, quote.tickSize)
  const decimals = priceDecimals(quote.priceScale)
  const price = type === 'limit' ? limitPrice : quote.price
  // The stored VIP level's discount, taken by the same handlingFee the server charges with.
  const costs = openingCostsPreview({ direction, type, price: limitPrice, lots, leverage }, quote, { ...rules, feeDiscountPct: vip.feeDiscountPct })
  const checks = checkOrder({ lots, leverage, dayTrading, price }, { rules, hours, prevClose: quote.prevClose, user, costs, now })
  const failed = checks.filter((c) => !c.ok)
  const pastCutoff = isPastCutoff(now, rules.dayTradingCutoff)
  const quantity = formatQuantity(lots * (quote.lotUnits ?? 0), quote.quantityScale ?? 1)
  const tickText = formatPrice(tick, quote.priceScale)
  const priceNow = rupeePrice(quote.price, quote.priceScale)
  const cutoff = rules.dayTradingCutoff

  // The order this form queued: say what happened to it, then go to the list it appears in.
  const handled = useRef<string | null>(null)
  useEffect(() => {
    if (!queued || handled.current === queued.key) return
    if (queued.state === 'done') {
      handled.current = queued.key
      toast.success(t`Order placed`)
      void navigate({ to: '/trade/index', search: { tab: queued.body.type === 'limit' ? 'pending' : 'open' } })
    }
  }, [queued, navigate, t])

  async function submit() {
    setConfirming(false)
    setSending(true)
    // The refusal of the last attempt is shown above; a new attempt replaces it in the outbox.
    if (queued?.state === 'failed') void discard(queued.key)
    try {
      const item = await placeOrder({
        symbol: quote.symbol,
        direction,
        type,
        ...(type === 'limit' ? { price: limitPrice } : {}),
        lots,
        leverage,
        ...(dayTrading ? { dayTrading: true } : {}),
      })
      setQueuedKey(item.key)
      if (!navigator.onLine) toast(t`Queued, will send when online`)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setSending(false)
    }
  }

  const waiting = queued !== undefined && queued !== null && (queued.state === 'queued' || queued.state === 'sending')
  // A held order is confirmed or discarded here, before another one can be placed beside it.
  const held = queued?.state === 'held' ? queued : null
  const refused = queued?.state === 'failed' && queued.error ? translateRefusal(queued.error) : null

  return (
    <div className="page order-form">
      <QuoteHead quote={quote} />

      <Segmented label={<Trans>Direction</Trans>} testId="order-direction">
        <SegmentButton on={direction === 'long'} onClick={() => setDirection('long')} kind="long" testId="direction-long">
          <Trans>Buy long</Trans>
        </SegmentButton>
        <SegmentButton on={direction === 'short'} onClick={() => setDirection('short')} kind="short" testId="direction-short">
          <Trans>Sell short</Trans>
        </SegmentButton>
      </Segmented>

      <Segmented label={<Trans>Order type</Trans>} testId="order-type">
        <SegmentButton on={type === 'market'} onClick={() => setType('market')} testId="type-market">
          <Trans context="order type">Market</Trans>
        </SegmentButton>
        <SegmentButton on={type === 'limit'} onClick={() => setType('limit')} testId="type-limit">
          <Trans>Limit</Trans>
        </SegmentButton>
      </Segmented>

      <section className="card order-fields">
        <Stepper
          label={<Trans>Lots</Trans>}
          value={lots}
          onValue={setLots}
          bounds={{ min: 1, max: rules.maxLotsPerOrder, step: 1 }}
          hint={<Trans>{quantity} units in all</Trans>}
          testId="order-lots"
        />
        {type === 'limit' ? (
          <Stepper
            label={<Trans>Limit price (₹)</Trans>}
            value={limitPrice}
            onValue={setLimitPrice}
            bounds={{ min: tick, step: tick, decimals }}
            hint={<Trans>Steps of ₹{tickText}</Trans>}
            testId="order-price"
          />
        ) : (
          <p className="order-market-note muted">
            <Trans>A market order fills at the price when it reaches the exchange, now {priceNow}.</Trans>
          </p>
        )}
        <div className="field">
          <span className="field-label"><Trans>Leverage</Trans></span>
          <div className="chips" role="radiogroup" aria-label={t`Leverage`} data-testid="order-leverage">
            {rules.leverages.map((l) => {
              const blocked = l > 1 && margin === 'off'
              return (
                <button
                  key={l}
                  type="button"
                  role="radio"
                  aria-checked={leverage === l}
                  className={leverage === l ? 'chip chip--on' : 'chip'}
                  disabled={blocked}
                  onClick={() => setLeverage(l)}
                >
                  {`${l}×`}
                </button>
              )
            })}
          </div>
          <p className="field-hint">
            {margin === 'off' ? (
              <>
                <Trans>Leverage above 1× needs margin trading, which is not enabled on your account.</Trans> <QuizLink />
              </>
            ) : (
              <Trans>Margin = contract amount ÷ leverage. Above 1× needs margin trading on your account.</Trans>
            )}
          </p>
        </div>
        <label className="check-row order-daytrading">
          <input
            type="checkbox"
            checked={dayTrading}
            disabled={pastCutoff && !dayTrading}
            onChange={(event) => setDayTrading(event.target.checked)}
            data-testid="order-daytrading"
          />
          <span>
            <Trans>Day trading: squared off automatically at {cutoff} India time today.</Trans>
            {pastCutoff ? <span className="muted"> <Trans>Closed for today: the cut-off has passed.</Trans></span> : null}
          </span>
        </label>
      </section>

      <CostsCard type={type} costs={costs} priceScale={quote.priceScale} available={user?.balances.available} vip={vip} />

      <RulesCard quote={quote} rules={rules} hours={hours} checks={checks} />

      {refused ? (
        <p className="form-error" role="alert" data-testid="order-error">
          {refused}
          {queued?.error?.code === 'margin_trading_disabled' ? <> <QuizLink /></> : null}
        </p>
      ) : null}
      {waiting ? (
        <p className="order-queued" role="status" data-testid="order-queued">
          {queued.state === 'sending' ? (
            <Trans>Sending…</Trans>
          ) : online ? (
            <Trans>Queued, sending again shortly</Trans>
          ) : (
            <Trans>Queued, will send when online</Trans>
          )}
        </p>
      ) : null}

      {held ? <QueuedOrders items={[held]} quotes={new Map([[quote.symbol, quote]])} /> : null}

      <ActionBar className="order-submit">
        {failed.length > 0 ? (
          <p className="field-error" data-testid="order-blocked"><FirstFailure checks={failed} /></p>
        ) : null}
        <button
          type="button"
          className={direction === 'long' ? 'btn btn--large btn--block btn--long' : 'btn btn--large btn--block btn--short'}
          disabled={sending || waiting || held !== null || costs === undefined || failed.length > 0}
          onClick={() => setConfirming(true)}
          data-testid="order-submit"
        >
          {direction === 'long' ? <Trans>Buy long</Trans> : <Trans>Sell short</Trans>}
        </button>
      </ActionBar>

      <ConfirmDialog
        open={confirming}
        title={<Trans>Confirm the order</Trans>}
        confirmLabel={<Trans>Place order</Trans>}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      >
        <dl className="kv kv--compact" data-testid="order-confirm">
          <Fact term={<Trans>Instrument</Trans>}>{`${quote.name} (${quote.symbol})`}</Fact>
          <Fact term={<Trans>Direction</Trans>}>{i18n._(DIRECTION_NAMES[direction])}</Fact>
          <Fact term={<Trans>Type</Trans>}>{i18n._(TYPE_NAMES[type])}</Fact>
          <Fact term={<Trans>Lots</Trans>}>{`${lots} (${quantity})`}</Fact>
          <Fact term={type === 'limit' ? <Trans>Limit price</Trans> : <Trans>Price now</Trans>}>
            {rupeePrice(price, quote.priceScale)}
          </Fact>
          <Fact term={<Trans>Leverage</Trans>}>{`${leverage}×`}</Fact>
          {dayTrading ? <Fact term={<Trans>Day trading</Trans>}><Trans>Yes</Trans></Fact> : null}
          <Fact term={<Trans>Total debit</Trans>}>{costs ? formatMoney(costs.totalDebit) : '—'}</Fact>
        </dl>
        {type === 'market' ? (
          <p className="muted"><Trans>A market order fills at the price when it reaches the exchange, which may differ.</Trans></p>
        ) : null}
      </ConfirmDialog>
    </div>
  )
}

function QuoteHead({ quote }: { quote: QuoteRow }) {
  const up = quote.change >= 0
  return (
    <section className="card order-quote" data-testid="order-quote">
      <div>
        <strong className="order-quote-symbol">{quote.symbol}</strong>
        <span className="muted">{quote.name}</span>
      </div>
      <div className={up ? 'order-quote-price up' : 'order-quote-price down'}>
        <strong data-testid="order-quote-price">{rupeePrice(quote.price, quote.priceScale)}</strong>
        <span>{formatPrice(quote.change, quote.priceScale, { signed: true })}</span>
      </div>
      <p className="order-quote-note muted"><Trans>Simulated prices</Trans></p>
    </section>
  )
}

function CostsCard({
  type,
  costs,
  priceScale,
  available,
  vip,
}: {
  type: OrderType
  costs: OpeningCostsPreview | undefined
  priceScale: number
  available: number | undefined
  vip: { level: number; feeDiscountPct: number }
}) {
  const money = (paise: number | undefined) => (paise === undefined ? '—' : formatMoney(paise))
  const level = vip.level
  const discount = vip.feeDiscountPct
  return (
    <section className="card" data-testid="order-costs">
      <h2 className="section-title"><Trans>Costs</Trans></h2>
      <dl className="kv">
        <Fact term={<Trans>Price</Trans>}>{rupeePrice(costs?.price, priceScale)}</Fact>
        <Fact term={<Trans>Contract amount</Trans>}>{money(costs?.contractAmount)}</Fact>
        <Fact term={<Trans>Margin</Trans>}>{money(costs?.margin)}</Fact>
        <Fact
          term={
            discount > 0 ? (
              <>
                <Trans>Handling fee</Trans>{' '}
                <Link to="/market/vip" className="pill pill--ok" data-testid="order-vip"><Trans>VIP {level}: −{discount}%</Trans></Link>
              </>
            ) : (
              <Trans>Handling fee</Trans>
            )
          }
          testId="order-fee"
        >
          {money(costs?.fee)}
        </Fact>
        <Fact term={<Trans>Stamp duty</Trans>}>{money(costs?.stampDuty)}</Fact>
        <Fact term={<strong><Trans>Total debit</Trans></strong>} testId="order-total">
          <strong>{money(costs?.totalDebit)}</strong>
        </Fact>
        <Fact term={<Trans>Available balance</Trans>} testId="order-available">{money(available)}</Fact>
      </dl>
      <p className="muted" data-testid="order-debit-rule">
        {type === 'limit' ? (
          <Trans>A limit order freezes this amount until it fills or is cancelled.</Trans>
        ) : (
          <Trans>A market order fills at once: the margin is held for the position and the fees are paid now.</Trans>
        )}
      </p>
    </section>
  )
}

export function Fact({ term, children, testId }: { term: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function Segmented({ label, testId, children }: { label: ReactNode; testId: string; children: ReactNode }) {
  return (
    <div className="segmented" role="group" data-testid={testId}>
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  )
}

function SegmentButton({ on, onClick, kind, testId, children }: { on: boolean; onClick: () => void; kind?: Direction; testId: string; children: ReactNode }) {
  const cls = `segment${on ? ' segment--on' : ''}${kind ? ` segment--${kind}` : ''}`
  return (
    <button type="button" className={cls} aria-pressed={on} onClick={onClick} data-testid={testId}>
      {children}
    </button>
  )
}

function FirstFailure({ checks }: { checks: RuleCheck[] }) {
  const rule = checks[0]?.rule
  switch (rule) {
    case 'trading':
      return <Trans>Trading is disabled for this account.</Trans>
    case 'identity':
      return (
        <Trans>
          Verify your identity first. <Link to="/information/authInfo">Verify now</Link>
        </Trans>
      )
    case 'lots':
      return <Trans>The number of lots is outside the allowed range.</Trans>
    case 'leverage':
      return <Trans>This leverage is not allowed for your account.</Trans>
    case 'hours':
      return <Trans>The market is closed now.</Trans>
    case 'day_trading':
      return <Trans>Day trading is closed for today.</Trans>
    case 'band':
      return <Trans>The price is outside today's price band.</Trans>
    case 'balance':
      return <Trans>The available balance does not cover the total debit.</Trans>
    default:
      return null
  }
}

function FormSkeleton() {
  return (
    <div className="card" aria-hidden="true">
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line" style={{ width: '60%' }} />
    </div>
  )
}

