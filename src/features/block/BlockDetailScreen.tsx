import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { Stepper } from '../../app/Stepper'
import { errorText } from '../../app/errors'
import { toast } from '../../app/toast'
import { useSessionAccount, useUser } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { useNow } from '../../app/useNow'
import { useOnline } from '../../app/useOnline'
import { type BlockApplication, type BlockOffering } from '../../data/block'
import { translateRefusal } from '../../i18n/serverMessages'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { type ClientTradingRules } from '../../lib/trade'
import { applyBlock, fetchBlockDraw, refreshBlockApplications, refreshOffering, refreshOfferings } from './actions'
import { type BlockDrawCheck, checkBlockDraw } from './draw'
import { ApplicationStatusPill, Fact, LockText, OfferingHead, SessionName, Skeleton, Updated, WindowState } from './parts'
import { useBlockApplications, useOfferingSynced, useOfferings, useQueuedBlock, useQuote, useTradingRules } from './queries'
import { applicationCost, checkApplication, isBehind, formatBps, maximumLots, minimumLots, priceSteps, stageAt } from './rules'
import './block.css'

/**
 * /home/blockTradeDetail?id=: one offering with its published rule in words, its price worked out
 * step by step from the feed's reference (and checked here), its state, the draw commitment, and
 * the application form (whole lots, amount + fee = frozen, the seed's rules checked first, a
 * confirmation before anything is frozen). From Dexie, offline too.
 */
export function BlockDetailScreen({ id }: { id: number }) {
  const offerings = useOfferings()
  const synced = useOfferingSynced(id)
  const loading = useLoading(() => Promise.all([refreshOffering(id), refreshOfferings(), refreshBlockApplications()]), String(id))
  const offering = offerings?.find((o) => o.id === id)
  return (
    <div className="block">
      <BackBar title={offering ? offering.name : <Trans>Block offering</Trans>} />
      <Updated synced={synced} loading={loading} testId="block-detail-updated" />
      <div className="page">
        {offerings === undefined || (offering === undefined && loading) ? (
          <Skeleton />
        ) : offering === undefined ? (
          <div className="card empty-state" data-testid="block-detail-missing">
            <p><Trans>This offering is not on this device. Open the offerings while online.</Trans></p>
            <Link to="/home/blockTrade" className="link"><Trans>See the offerings</Trans></Link>
          </div>
        ) : (
          <Detail key={offering.id} offering={offering} />
        )}
      </div>
    </div>
  )
}

function Detail({ offering }: { offering: BlockOffering }) {
  const now = useNow(1_000)
  const account = useSessionAccount()
  const applications = useBlockApplications(account)
  const queued = useQueuedBlock(account)
  const stage = stageAt(offering, now)
  // The clock says the window opened (or the allocation is due) but this copy is from before the
  // job priced (or allocated) it: fetched again every few seconds until it is, while on screen.
  const behind = isBehind(offering, now)
  const round = behind ? Math.floor(now / 3_000) : 0
  useEffect(() => {
    if (!behind) return
    void refreshOffering(offering.id).catch(() => undefined)
    if (stage === 'closed') void refreshBlockApplications().catch(() => undefined)
  }, [behind, round, stage, offering.id])
  const mine = applications?.find((a) => a.offeringId === offering.id)
  const waiting = queued?.find((item) => Number(item.body.id) === offering.id)
  const opens = formatDateTime(offering.opensAt)
  const closes = formatDateTime(offering.closesAt)
  const allocateAt = formatDateTime(offering.allocateAt)
  const offered = offering.shares.toLocaleString('en-IN')
  const applied = offering.appliedShares.toLocaleString('en-IN')
  const count = offering.applications.toLocaleString('en-IN')
  const commitment = offering.commitment
  return (
    <>
      <section className="card" data-testid="block-detail" data-stage={stage} data-symbol={offering.symbol}>
        <OfferingHead offering={offering} stage={stage} />
        <p className="block-window">
          <span className="muted"><SessionName session={offering.session} /></span>
          <strong><WindowState offering={offering} stage={stage} now={now} /></strong>
        </p>
        <dl className="block-facts">
          <Fact label={<Trans>Window</Trans>}><Trans>{opens} to {closes}</Trans></Fact>
          <Fact label={<Trans>Allocation</Trans>}>{allocateAt}</Fact>
          <Fact label={<Trans>Shares offered</Trans>}>{offered}</Fact>
          <Fact label={<Trans>Asked so far</Trans>} testId="block-asked"><Trans>{applied} shares in {count} application(s)</Trans></Fact>
          <Fact label={<Trans>Lock</Trans>}><LockText offering={offering} /></Fact>
        </dl>
      </section>

      <Arithmetic offering={offering} />
      <RuleInWords offering={offering} />

      {mine ? (
        <MyApplication application={mine} now={now} />
      ) : waiting ? (
        <section className="card" data-testid="block-detail-queued">
          {waiting.state === 'failed' && waiting.error ? (
            <p className="form-error" role="alert">{translateRefusal(waiting.error)}</p>
          ) : (
            <p><Trans>Your application is waiting to be sent; nothing is frozen until the server takes it.</Trans></p>
          )}
        </section>
      ) : stage === 'open' || stage === 'upcoming' ? (
        <ApplyForm offering={offering} now={now} />
      ) : null}

      {stage === 'allocated' ? <DrawCard offering={offering} ownRef={mine?.ref ?? null} /> : null}

      <section className="card">
        <p className="block-commitment" data-testid="block-commitment">
          <Trans>Draw commitment (sha256 of the secret seed of the remainder draw, published before any application): {commitment}</Trans>
        </p>
      </section>
    </>
  )
}

/** The price from the reference, one step per line, each checked here. */
function Arithmetic({ offering }: { offering: BlockOffering }) {
  const quote = useQuote(offering.symbol)
  const steps = priceSteps(offering, quote?.tickSize)
  const discount = formatBps(offering.discountBps)
  const band = formatBps(offering.bandBps)
  const opens = formatDateTime(offering.opensAt)
  const from = offering.referenceFrom === null ? '' : formatDateTime(offering.referenceFrom)
  const to = offering.referenceTo === null ? '' : formatDateTime(offering.referenceTo)
  if (steps === null) {
    return (
      <section className="card" data-testid="block-arithmetic">
        <h2 className="section-title"><Trans>How the price is set</Trans></h2>
        <p className="muted"><Trans>The reference comes from the market feed when the window opens ({opens}); the price follows from it by the rule below.</Trans></p>
      </section>
    )
  }
  const reference = formatMoney(steps.reference)
  const discounted = formatMoney(steps.discounted)
  const price = formatMoney(steps.price)
  const off = formatMoney(steps.off)
  const min = formatMoney(steps.bandMin)
  const max = formatMoney(steps.bandMax)
  return (
    <section className="card" data-testid="block-arithmetic">
      <h2 className="section-title"><Trans>How the price is set</Trans></h2>
      <ol className="block-steps">
        <li data-testid="block-step-reference">
          {offering.referenceKind === 'previous_close' ? (
            <Trans>Reference: the previous close, {reference}</Trans>
          ) : (
            <Trans>Reference: the volume-weighted average price from {from} to {to}, {reference}</Trans>
          )}
        </li>
        <li data-testid="block-step-discount"><Trans>Less the {discount} discount: {reference} × (1 − {discount}) = {discounted}</Trans></li>
        <li data-testid="block-step-price">
          {steps.raisedToBand ? (
            <Trans>Rounded down, that falls below the band, so the lowest price step inside it: {price} a share ({off} below the reference)</Trans>
          ) : (
            <Trans>Rounded down to the price step: {price} a share ({off} below the reference)</Trans>
          )}
          {steps.followsRule ? null : <span className="form-error"> <Trans>(this does not follow from the rule)</Trans></span>}
        </li>
        <li data-testid="block-step-band"><Trans>Band: the reference ± {band}, from {min} to {max}</Trans></li>
      </ol>
      <p className={steps.insideBand ? 'block-verdict block-verdict--ok' : 'block-verdict form-error'} data-testid="block-band-verdict" data-ok={steps.insideBand}>
        {steps.insideBand ? <Trans>✓ {price} is inside the band.</Trans> : <Trans>✗ {price} is outside the band.</Trans>}
      </p>
    </section>
  )
}

function RuleInWords({ offering }: { offering: BlockOffering }) {
  const discount = formatBps(offering.discountBps)
  const band = formatBps(offering.bandBps)
  const lot = offering.lotSize.toLocaleString('en-IN')
  const minShares = offering.minShares.toLocaleString('en-IN')
  const minAmount = formatMoney(offering.minAmount)
  const opens = formatDateTime(offering.opensAt)
  const closes = formatDateTime(offering.closesAt)
  const from = offering.referenceFrom === null ? '' : formatDateTime(offering.referenceFrom)
  const to = offering.referenceTo === null ? '' : formatDateTime(offering.referenceTo)
  return (
    <section className="card" data-testid="block-rules">
      <h2 className="section-title"><Trans>The rules of this offering</Trans></h2>
      <ul className="block-rules">
        <li>
          {offering.referenceKind === 'previous_close' ? (
            <Trans>A morning window: the reference price is the stock&apos;s previous close.</Trans>
          ) : (
            <Trans>An afternoon window: the reference price is the volume-weighted average price of the stock from {from} to {to}, before the window opens.</Trans>
          )}
        </li>
        <li><Trans>The price is the reference less {discount}, rounded down to the price step, fixed when the window opens. It must stay within {band} of the reference (NSE&apos;s block window rule).</Trans></li>
        <li><Trans>Applications from {opens} to {closes}, one per account, in whole lots of {lot} shares: at least {minShares} shares and at least {minAmount}.</Trans></li>
        <li><Trans>When you apply, the amount plus the handling fee and stamp duty (as for a buy order) is frozen until the allocation.</Trans></li>
        <li><Trans>If fewer shares are asked than offered, everyone gets what they asked. Otherwise each application gets its share in proportion, rounded down to whole lots, and the lots left over go one at a time in the order of a verifiable draw.</Trans></li>
        <li><Trans>Allocated shares become a position, locked for <LockText offering={offering} />; the frozen money not used is released.</Trans></li>
      </ul>
    </section>
  )
}

function MyApplication({ application: a, now }: { application: BlockApplication; now: number }) {
  const shares = a.shares.toLocaleString('en-IN')
  const frozen = formatMoney(a.frozen)
  const allocated = a.allocatedShares.toLocaleString('en-IN')
  const paid = formatMoney(a.paid)
  const unlock = a.unlockAt === null ? null : formatDateTime(a.unlockAt)
  const locked = a.unlockAt !== null && now < a.unlockAt
  return (
    <section className="card" data-testid="block-mine" data-status={a.status}>
      <header className="block-card-head">
        <h2 className="section-title"><Trans>Your application</Trans></h2>
        <ApplicationStatusPill status={a.status} />
      </header>
      <p><Trans>{shares} shares · {frozen} frozen</Trans></p>
      {a.status === 'applied' ? null : <p><Trans>{allocated} shares allocated · paid {paid}</Trans></p>}
      {unlock ? <p>{locked ? <Trans>Locked until {unlock}</Trans> : <Trans>Unlocked since {unlock}</Trans>}</p> : null}
      <p className="block-record-links">
        <Link to={a.status === 'applied' ? '/home/blockTrade1' : '/home/blockTrade2'} className="link"><Trans>My applications</Trans></Link>
        {a.orderId !== null ? <Link to="/trade/positionDetail" search={{ id: a.orderId }} className="link"><Trans>The position</Trans></Link> : null}
      </p>
    </section>
  )
}

function ApplyForm({ offering, now }: { offering: BlockOffering; now: number }) {
  const rules = useTradingRules()
  return rules ? <ApplyFormWithRules offering={offering} now={now} rules={rules} /> : <Skeleton />
}

function ApplyFormWithRules({ offering, now, rules }: { offering: BlockOffering; now: number; rules: ClientTradingRules }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const online = useOnline()
  const account = useSessionAccount()
  const user = useUser(account)
  const minLots = minimumLots(offering)
  const maxLots = Math.max(minLots, maximumLots(offering))
  const [lots, setLots] = useState(minLots)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)

  // The price may arrive after the form opened (the window opened): the minimum in lots moves with it.
  const asked = Math.max(lots, minLots)
  const shares = asked * offering.lotSize
  const cost = offering.price === null ? null : applicationCost(shares, offering.price, rules)
  const refusal = checkApplication(offering, shares, now)
  const available = user?.balances.available
  const short = cost !== null && available !== undefined && available < cost.frozen
  const sharesText = shares.toLocaleString('en-IN')
  const lotSize = offering.lotSize.toLocaleString('en-IN')
  const price = offering.price === null ? '' : formatMoney(offering.price)
  const amount = cost ? formatMoney(cost.amount) : ''
  const fee = cost ? formatMoney(cost.fee) : ''
  const frozen = cost ? formatMoney(cost.frozen) : ''
  const availableText = available === undefined ? '—' : formatMoney(available)
  const symbol = offering.symbol

  async function apply() {
    setConfirming(false)
    setBusy(true)
    try {
      await applyBlock(offering.id, shares)
      toast(online ? t`Application sent` : t`Queued, will send when online`)
      void navigate({ to: '/home/blockTrade1' })
    } catch (error) {
      toast.error(errorText(error))
      setBusy(false)
    }
  }

  return (
    <section className="card" data-testid="block-apply">
      <h2 className="section-title"><Trans>Apply</Trans></h2>
      <Stepper
        label={<Trans>Lots of {lotSize} shares</Trans>}
        value={asked}
        onValue={setLots}
        bounds={{ min: minLots, max: maxLots, step: 1 }}
        hint={<Trans>{sharesText} shares</Trans>}
        testId="block-lots"
      />
      {cost ? (
        <dl className="block-cost" data-testid="block-cost">
          <Fact label={<Trans>Amount ({sharesText} × {price})</Trans>} testId="block-amount">{amount}</Fact>
          <Fact label={<Trans>Handling fee and stamp duty</Trans>} testId="block-fee">{fee}</Fact>
          <Fact label={<Trans>To be frozen now</Trans>} testId="block-frozen">{frozen}</Fact>
          <Fact label={<Trans>Available</Trans>}>{availableText}</Fact>
        </dl>
      ) : (
        <p className="muted"><Trans>What an application costs is known when the window opens and the price is set.</Trans></p>
      )}
      {refusal ? (
        <p className="form-error" role="alert" data-testid="block-check">{translateRefusal(refusal)}</p>
      ) : short ? (
        <p className="form-error" role="alert" data-testid="block-check"><Trans>Your available balance does not cover this amount.</Trans></p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary btn--block btn--large"
        disabled={busy || refusal !== null || short || cost === null}
        onClick={() => setConfirming(true)}
        data-testid="block-submit"
      >
        <Trans>Apply</Trans>
      </button>
      <ConfirmDialog
        open={confirming}
        title={<Trans>Apply for {sharesText} shares of {symbol}?</Trans>}
        confirmLabel={<Trans>Apply and freeze {frozen}</Trans>}
        onConfirm={() => void apply()}
        onCancel={() => setConfirming(false)}
      >
        <Trans>{frozen} will be frozen from your available balance until the allocation; what is not allocated is then released. One application per offering.</Trans>
      </ConfirmDialog>
    </section>
  )
}

/** Re-runs the allocation's draw on the phone: the seed against the commitment published first, the list against its digest, the result. */
function DrawCard({ offering, ownRef }: { offering: BlockOffering; ownRef: string | null }) {
  const [check, setCheck] = useState<BlockDrawCheck | 'running' | null>(null)

  async function run() {
    setCheck('running')
    try {
      setCheck(checkBlockDraw(await fetchBlockDraw(offering.id), offering, ownRef))
    } catch (error) {
      setCheck(null)
      toast.error(errorText(error))
    }
  }

  const done = check !== null && check !== 'running' && check.state === 'checked' ? check : null
  const applications = done?.applications.toLocaleString('en-IN') ?? ''
  const lots = done?.allottedLots.toLocaleString('en-IN') ?? ''
  const ownLots = done?.own?.lots ?? 0
  const ownRank = done?.own?.rank ?? 0
  const mark = (ok: boolean) => (ok ? '✓' : '✗')
  return (
    <section className="card" data-testid="block-draw">
      <h2 className="section-title"><Trans>The allocation draw</Trans></h2>
      <p className="muted"><Trans>Anyone can re-run it: the lots left over after the shares in proportion go in the order it gives.</Trans></p>
      {done ? (
        <>
          <ul className="block-rules" data-testid="block-draw-checks">
            <li>{mark(done.publishedCommitment && done.commitmentMatches)} <Trans>The revealed seed matches the commitment published before any application.</Trans></li>
            <li>{mark(done.digestMatches)} <Trans>The list of applications matches its digest.</Trans></li>
            <li>{mark(done.resultMatches)} <Trans>Re-run on this phone, the draw gives the published allocation: {applications} application(s), {lots} lot(s).</Trans></li>
            {done.own ? <li data-testid="block-draw-own"><Trans>Your application: place {ownRank} in the draw order, {ownLots} lot(s).</Trans></li> : null}
          </ul>
          <p className={done.allMatch ? 'block-verdict block-verdict--ok' : 'block-verdict form-error'} data-testid="block-draw-verdict" data-ok={done.allMatch}>
            {done.allMatch ? <Trans>✓ The allocation is the published rule&apos;s.</Trans> : <Trans>✗ The allocation does not match its publication.</Trans>}
          </p>
        </>
      ) : check !== null && check !== 'running' ? (
        <p className="muted"><Trans>Not drawn yet.</Trans></p>
      ) : null}
      <button type="button" className="btn" disabled={check === 'running'} onClick={() => void run()} data-testid="block-draw-run">
        {check === 'running' ? <Trans>Re-running…</Trans> : <Trans>Re-run the draw here</Trans>}
      </button>
    </section>
  )
}
