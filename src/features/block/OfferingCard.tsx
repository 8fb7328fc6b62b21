import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type BlockOffering } from '../../data/block'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { Fact, LockText, OfferingHead, SessionName, WindowState } from './parts'
import { formatBps, stageAt } from './rules'

/** One offering as the list shows it: its window with a countdown, price and discount, minimums and lock. */
export function OfferingCard({ offering, now }: { offering: BlockOffering; now: number }) {
  const stage = stageAt(offering, now)
  const opens = formatDateTime(offering.opensAt)
  const closes = formatDateTime(offering.closesAt)
  const price = offering.price === null ? null : formatMoney(offering.price)
  const reference = offering.referencePrice === null ? '' : formatMoney(offering.referencePrice)
  const discount = formatBps(offering.discountBps)
  const minShares = offering.minShares.toLocaleString('en-IN')
  const minAmount = formatMoney(offering.minAmount)
  const offered = offering.shares.toLocaleString('en-IN')
  return (
    <article className="card block-card" data-testid="block-offering" data-symbol={offering.symbol} data-stage={stage}>
      <OfferingHead offering={offering} stage={stage} />
      <p className="block-window">
        <span className="muted"><SessionName session={offering.session} /> · <Trans>{opens} to {closes}</Trans></span>
        <strong><WindowState offering={offering} stage={stage} now={now} /></strong>
      </p>
      <dl className="block-facts">
        <Fact label={<Trans>Price</Trans>} testId="block-card-price">
          {price === null ? <Trans>Set from the feed when the window opens</Trans> : <Trans>{price} ({discount} below {reference})</Trans>}
        </Fact>
        <Fact label={<Trans>Discount</Trans>}>{discount}</Fact>
        <Fact label={<Trans>Minimum</Trans>}><Trans>{minShares} shares and {minAmount}</Trans></Fact>
        <Fact label={<Trans>Shares offered</Trans>}>{offered}</Fact>
        <Fact label={<Trans>Lock</Trans>}><LockText offering={offering} /></Fact>
      </dl>
      <div className="block-actions">
        <Link to="/home/blockTradeDetail" search={{ id: offering.id }} className={stage === 'open' ? 'btn btn--primary' : 'btn'} data-testid="block-open">
          {stage === 'open' ? <Trans>Details and apply</Trans> : <Trans>Details</Trans>}
        </Link>
      </div>
    </article>
  )
}
