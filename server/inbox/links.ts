/**
 * Where each inbox message takes the reader (src/contract/replies.ts, InboxKind's links): the app
 * route, with its search, that shows the event. Pure, so the writers in other areas and the tests
 * agree on one table.
 */

/** The screen that shows a review queue's requests; null for a queue without one (a later queue gets null until it is added here). */
const REVIEW_LINKS: Readonly<Record<string, string>> = {
  real_name: '/information/authInfo',
  withdrawal: '/information/fundRecord',
  recharge: '/information/fundRecord',
  dividend: '/information/dividends',
  loan: '/information/loan',
  credit: '/information/loan',
}

export function reviewLink(queue: string): string | null {
  return Object.hasOwn(REVIEW_LINKS, queue) ? REVIEW_LINKS[queue]! : null
}

/** A position's screen (src/routes/trade/positionDetail.tsx, search `id`): fills and rule closes. */
export function positionLink(orderId: number): string {
  return `/trade/positionDetail?id=${orderId}`
}

export const ALLOTMENT_LINK = '/home/newStockRecord'
/** An inbox row takes 5 parameters: a batch insert of this many stays far below a statement's 65,535. */
export const INBOX_CHUNK = 5_000
export const VIP_LINK = '/market/vip'
export const SIGN_IN_FAILED_LINK = '/information/safety'
