import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { FundRecordScreen } from '../../features/funds/FundRecordScreen'
import { FUND_KINDS, type FundKind } from '../../lib/fundKinds'
import { loadArea } from '../../i18n/setup'

/** Optional, so a plain link to the screen opens the `all` tab. */
type Search = { tab?: FundKind }

const isFundKind = (value: unknown): value is FundKind => FUND_KINDS.some((kind) => kind === value)

export const Route = createFileRoute('/information/fundRecord')({
  validateSearch: (search: Record<string, unknown>): Search => (isFundKind(search.tab) && search.tab !== 'all' ? { tab: search.tab } : {}),
  beforeLoad: requireSession,
  loader: () => loadArea('funds'),
  component: FundRecordScreen,
})
