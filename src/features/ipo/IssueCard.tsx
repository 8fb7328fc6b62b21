import { type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type IpoIssue } from '../../data/ipo'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { amountFor, maxAllottees, oddsOfOneLot, stageAt, timeline, timesSubscribed, type TimelineStep } from './rules'

/** One issue as the list shows it: its rules, its timeline with the step reached, and its subscription so far. */
export function IssueCard({ issue, now }: { issue: IpoIssue; now: number }) {
  const { t } = useLingui()
  const stage = stageAt(issue, now)
  const price = formatMoney(issue.price)
  const lotSize = issue.lotSize.toLocaleString('en-IN')
  const minShares = (issue.minLots * issue.lotSize).toLocaleString('en-IN')
  const minAmount = formatMoney(issue.minAmount ?? amountFor(issue, issue.minLots))
  const offered = issue.retailShares.toLocaleString('en-IN')
  const times = timesSubscribed(issue).toFixed(2)
  const odds = oddsOfOneLot(issue)
  const allottees = maxAllottees(issue)
  const applications = issue.applications.toLocaleString('en-IN')
  const oddsText = odds === null ? null : `${(odds * 100).toFixed(2)}%`
  const allotteesText = allottees?.toLocaleString('en-IN') ?? ''
  const buyTo = issue.kind === 'placement' ? '/home/newStockPsBuy' : '/home/newStockBuy'
  const reason = issue.cancelReason ?? ''
  const commitment = issue.commitment.slice(0, 12)
  return (
    <article className="card ipo-card" data-testid="ipo-issue" data-symbol={issue.symbol} data-stage={stage}>
      <header className="ipo-card-head">
        <div>
          <strong className="ipo-name">{issue.name}</strong>
          <span className="muted"> {issue.symbol}</span>
        </div>
        <StagePill stage={stage} />
      </header>
      <dl className="ipo-facts">
        <Fact label={<Trans>Price</Trans>}>{price}</Fact>
        <Fact label={<Trans>Lot</Trans>}><Trans>{lotSize} shares</Trans></Fact>
        <Fact label={<Trans>Minimum</Trans>}><Trans>{minShares} shares · {minAmount}</Trans></Fact>
        <Fact label={issue.kind === 'placement' ? <Trans>Shares placed</Trans> : <Trans>Retail shares</Trans>}>{offered}</Fact>
        <Fact label={<Trans>Payment</Trans>}>{issue.paymentMode === 'blocked' ? <Trans>Blocked at application</Trans> : <Trans>Pay after a win</Trans>}</Fact>
        <Fact label={<Trans>Subscribed</Trans>}><span data-testid="ipo-times"><Trans>{times} times · {applications} applications</Trans></span></Fact>
      </dl>
      {oddsText ? (
        <p className="ipo-odds" data-testid="ipo-odds">
          <Trans>More applications than winners: the draw picks {allotteesText}, so one application has a {oddsText} chance of a minimum lot.</Trans>
        </p>
      ) : issue.kind === 'placement' ? (
        <p className="muted"><Trans>Shares are placed in proportion to the amount applied, in whole lots; the lots left over go by the draw order.</Trans></p>
      ) : null}
      <Timeline issue={issue} now={now} />
      {stage === 'cancelled' && reason ? <p className="form-error"><Trans>Cancelled: {reason}</Trans></p> : null}
      <div className="ipo-actions">
        {stage === 'open' ? (
          <Link to={buyTo} search={{ id: issue.id }} className="btn btn--primary" data-testid="ipo-apply">
            <Trans>Apply</Trans>
          </Link>
        ) : null}
        {stage === 'drawn' || stage === 'listed' ? (
          <Link to="/home/newStockDraw" search={{ id: issue.id, ref: '' }} className="btn" data-testid="ipo-verify">
            <Trans>Verify the draw</Trans>
          </Link>
        ) : null}
        <span className="ipo-commitment" title={t`The sha256 of the draw's secret seed, published before any application`}>
          <Trans>Commitment {commitment}…</Trans>
        </span>
      </div>
    </article>
  )
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="ipo-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function StepName({ step }: { step: TimelineStep }) {
  if (step === 'open') return <Trans>Opens</Trans>
  if (step === 'close') return <Trans>Closes (T)</Trans>
  if (step === 'draw') return <Trans>Draw (T+1)</Trans>
  if (step === 'refund') return <Trans>Refunds (T+2)</Trans>
  return <Trans>Listing (T+3)</Trans>
}

function Timeline({ issue, now }: { issue: IpoIssue; now: number }) {
  const { steps, reached } = timeline(issue, now)
  return (
    <ol className="ipo-timeline" data-testid="ipo-timeline">
      {steps.map((s, i) => (
        <li key={s.step} className={i <= reached ? 'ipo-step ipo-step--done' : 'ipo-step'} aria-current={i === reached ? 'step' : undefined}>
          <span className="ipo-step-name"><StepName step={s.step} /></span>
          <span className="ipo-step-time">{formatDateTime(s.at)}</span>
        </li>
      ))}
    </ol>
  )
}

export function StagePill({ stage }: { stage: ReturnType<typeof stageAt> }) {
  if (stage === 'upcoming') return <span className="pill"><Trans>Not started</Trans></span>
  if (stage === 'open') return <span className="pill pill--ok"><Trans>Subscription in progress</Trans></span>
  if (stage === 'closed') return <span className="pill pill--queued"><Trans>Ended, pending draw</Trans></span>
  if (stage === 'drawn') return <span className="pill"><Trans>Drawn</Trans></span>
  if (stage === 'listed') return <span className="pill pill--ok"><Trans>Listed</Trans></span>
  return <span className="pill pill--failed"><Trans>Cancelled</Trans></span>
}
