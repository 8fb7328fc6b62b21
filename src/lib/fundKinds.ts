/**
 * The tabs of the fund records (DESIGN.md section 2, /fund/records {kind}): which ledger reasons
 * each shows. One rule for both ends: the server narrows its query with it (server/funds/
 * record-kinds.ts), the app filters the records it has stored with it offline, so a tab shows the
 * same entries online and off. By prefix, so a new reason of the same family (a new order_* leg)
 * lands in its tab without anyone remembering to list it.
 */

/** `all` is every entry; the others are one family of reasons each. */
export const FUND_KINDS = ['all', 'trades', 'recharge', 'withdrawal'] as const
export type FundKind = (typeof FUND_KINDS)[number]

/** The tab a ledger reason belongs to besides `all`, or null for one only `all` shows (a reward, a grant). */
export function fundKindOf(reason: string): Exclude<FundKind, 'all'> | null {
  if (reason.startsWith('order_') || reason.startsWith('position_')) return 'trades'
  if (reason === 'recharge' || reason.startsWith('recharge_')) return 'recharge'
  if (reason.startsWith('withdrawal_')) return 'withdrawal'
  return null
}

/** Whether tab `kind` shows an entry with `reason`. */
export function inFundKind(kind: FundKind, reason: string): boolean {
  return kind === 'all' || fundKindOf(reason) === kind
}
