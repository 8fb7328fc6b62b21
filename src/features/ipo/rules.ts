/**
 * The arithmetic the new-share screens show, pure so it has tests: where an issue stands by the
 * clock, how many times it is subscribed, the odds of one lot, what lots cost, and the timeline
 * (T = close, T+1 draw, T+2 refunds, T+3 listing).
 */
import { type IpoIssue, type IpoStage } from '../../contract/replies'

export const IPO_TABS = ['upcoming', 'open', 'closed', 'listed'] as const
export type IpoTab = (typeof IPO_TABS)[number]

/**
 * The stage now: the server's, moved on by the clock where the clock alone decides (a list
 * fetched before the window opened says "upcoming" until refreshed; the time says "open").
 */
export function stageAt(issue: Pick<IpoIssue, 'stage' | 'opensAt' | 'closesAt'>, now: number): IpoStage {
  if (issue.stage !== 'upcoming' && issue.stage !== 'open' && issue.stage !== 'closed') return issue.stage
  if (now < issue.opensAt) return 'upcoming'
  if (now < issue.closesAt) return 'open'
  return 'closed'
}

/** The tab an issue shows under: closed takes everything past the window and not listed. */
export function tabOf(stage: IpoStage): IpoTab {
  if (stage === 'drawn' || stage === 'cancelled') return 'closed'
  return stage
}

/** What `lots` lots cost at the issue price, in paise. */
export function amountFor(issue: Pick<IpoIssue, 'lotSize' | 'price'>, lots: number): number {
  return lots * issue.lotSize * issue.price
}

/** Lots asked per lot offered (2.5 = subscribed 2.5 times); 0 before anyone applied. */
export function timesSubscribed(issue: Pick<IpoIssue, 'appliedLots' | 'allottableLots'>): number {
  return issue.allottableLots > 0 ? issue.appliedLots / issue.allottableLots : 0
}

/** The most applications that can win (SEBI: retail lots / minimum application); none for a placement, which shares in proportion. */
export function maxAllottees(issue: Pick<IpoIssue, 'kind' | 'allottableLots' | 'minLots'>): number | null {
  return issue.kind === 'ipo' ? Math.floor(issue.allottableLots / issue.minLots) : null
}

/**
 * The chance an application wins a minimum lot when there are more applications than winners
 * (allottees / applications); null when every application gets at least one (or a placement).
 */
export function oddsOfOneLot(issue: Pick<IpoIssue, 'kind' | 'allottableLots' | 'minLots' | 'applications'>): number | null {
  const allottees = maxAllottees(issue)
  if (allottees === null || issue.applications <= allottees) return null
  return allottees / issue.applications
}

export const TIMELINE_STEPS = ['open', 'close', 'draw', 'refund', 'listing'] as const
export type TimelineStep = (typeof TIMELINE_STEPS)[number]

/** The timeline's steps with their times, and the latest one reached at `now` (-1 before the window). */
export function timeline(issue: Pick<IpoIssue, 'opensAt' | 'closesAt' | 'drawAt' | 'refundAt' | 'listingAt'>, now: number): { steps: { step: TimelineStep; at: number }[]; reached: number } {
  const steps = [
    { step: 'open', at: issue.opensAt },
    { step: 'close', at: issue.closesAt },
    { step: 'draw', at: issue.drawAt },
    { step: 'refund', at: issue.refundAt },
    { step: 'listing', at: issue.listingAt },
  ] satisfies { step: TimelineStep; at: number }[]
  let reached = -1
  for (const [i, s] of steps.entries()) if (now >= s.at) reached = i
  return { steps, reached }
}
