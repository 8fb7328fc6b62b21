import { useEffect } from 'react'
import { Trans } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { useNow } from '../../app/useNow'
import { refreshOfferings } from './actions'
import { OfferingCard } from './OfferingCard'
import { BlockTabs, Skeleton, Updated } from './parts'
import { useOfferings, useOfferingsSynced } from './queries'
import { isBehind, isCurrent, stageAt } from './rules'
import './block.css'

/**
 * /home/blockTrade: the offerings not yet allocated (upcoming, in their window, waiting for the
 * allocation), soonest first, then the latest allocated or cancelled ones. From Dexie, offline too;
 * the countdowns and stages move on with the clock while the screen is open.
 */
export function BlockTradeScreen() {
  const now = useNow(1_000)
  const offerings = useOfferings()
  const synced = useOfferingsSynced()
  const loading = useLoading(() => refreshOfferings())
  const current = offerings?.filter((o) => isCurrent(stageAt(o, now))).sort((a, b) => a.closesAt - b.closesAt || a.id - b.id) ?? []
  // An offering the clock moved on before the job's price (or allocation) reached this copy: the
  // list is fetched again every few seconds until it has.
  const behind = offerings?.some((o) => isBehind(o, now)) ?? false
  const round = behind ? Math.floor(now / 5_000) : 0
  useEffect(() => {
    if (behind) void refreshOfferings().catch(() => undefined)
  }, [behind, round])
  const past = offerings?.filter((o) => !isCurrent(stageAt(o, now))).sort((a, b) => b.closesAt - a.closesAt || b.id - a.id).slice(0, 10) ?? []
  return (
    <div className="block">
      <BackBar title={<Trans>Block trades</Trans>} />
      <BlockTabs on="offerings" />
      <Updated synced={synced} loading={loading} testId="block-offerings-updated" />
      <div className="page">
        <p className="block-intro muted">
          <Trans>A block offering sells a published number of shares in a short window at a discount to a price from the market feed, by a published rule.</Trans>
        </p>
        {offerings === undefined || (offerings === null && loading) ? (
          <Skeleton />
        ) : offerings === null ? (
          <div className="card empty-state"><p><Trans>The offerings show here once the app has been online.</Trans></p></div>
        ) : current.length === 0 ? (
          <div className="card empty-state" data-testid="block-empty"><p><Trans>No block offerings open or coming up right now.</Trans></p></div>
        ) : (
          current.map((o) => <OfferingCard key={o.id} offering={o} now={now} />)
        )}
        {past.length > 0 ? (
          <>
            <h2 className="section-title block-past-title"><Trans>Allocated or cancelled</Trans></h2>
            {past.map((o) => <OfferingCard key={o.id} offering={o} now={now} />)}
          </>
        ) : null}
      </div>
    </div>
  )
}
