import { createFileRoute } from '@tanstack/react-router'
import { type InstrumentKind } from '../../data/db'
import { OptionListScreen } from '../../features/market/OptionListScreen'

const KINDS = ['stock', 'index', 'forex', 'crypto'] as const satisfies readonly InstrumentKind[]

type Search = { kind: InstrumentKind }

export const Route = createFileRoute('/market/optionList')({
  validateSearch: (search: Record<string, unknown>): Search => ({ kind: KINDS.find((k) => k === search.kind) ?? 'stock' }),
  component: OptionListScreen,
})
