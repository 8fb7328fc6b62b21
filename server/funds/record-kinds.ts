/**
 * /fund/records {kind}: the ledger reasons each tab shows, from the one rule the app also filters
 * its stored records with (src/lib/fundKinds.ts), applied to every reason the ledger can write.
 */
import { FUND_KINDS, type FundKind, fundKindOf } from '../../src/lib/fundKinds'
import { LEDGER_REASONS } from '../ledger/rules'

export { FUND_KINDS, type FundKind }

/** The reasons of tab `kind`; undefined for `all`, which is not narrowed. */
export function reasonsOfKind(kind: FundKind, reasons: readonly string[] = Object.values(LEDGER_REASONS)): readonly string[] | undefined {
  if (kind === 'all') return undefined
  return reasons.filter((reason) => fundKindOf(reason) === kind)
}
