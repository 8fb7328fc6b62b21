import { describe, expect, it } from 'vitest'
import { reasonsOfKind } from '../../../server/funds/record-kinds'
import { LEDGER_REASONS } from '../../../server/ledger/rules'
import { FUND_KINDS, fundKindOf, inFundKind } from '../../../src/lib/fundKinds'

describe('fund record tabs', () => {
  it('maps the ledger reasons to the trades, recharge and withdrawal tabs', () => {
    expect(reasonsOfKind('trades')).toEqual(['order_freeze', 'order_unfreeze', 'position_open', 'position_close'])
    expect(reasonsOfKind('recharge')).toEqual(['recharge'])
    expect(reasonsOfKind('withdrawal')).toEqual(['withdrawal_freeze', 'withdrawal_paid', 'withdrawal_unfreeze'])
    expect(reasonsOfKind('all')).toBeUndefined()
  })

  it('leaves grants, rewards and exchanges to the all tab only', () => {
    for (const reason of ['demo_grant', 'sign_in_reward', 'exchange']) expect(fundKindOf(reason), reason).toBeNull()
  })

  it('puts a new reason of a family in its tab without listing it', () => {
    expect(reasonsOfKind('trades', ['position_stop_out', 'order_expired', 'recharge_reversal', 'withdrawal_fee', 'ipo_payment'])).toEqual(['position_stop_out', 'order_expired'])
    expect(fundKindOf('recharge_reversal')).toBe('recharge')
    expect(fundKindOf('withdrawal_fee')).toBe('withdrawal')
    expect(fundKindOf('recharged')).toBeNull()
  })

  it('filters stored records offline exactly as the server narrows its query', () => {
    for (const kind of FUND_KINDS) {
      const server = reasonsOfKind(kind)
      for (const reason of Object.values(LEDGER_REASONS)) {
        expect(inFundKind(kind, reason), `${kind} ${reason}`).toBe(server === undefined || server.includes(reason))
      }
    }
  })
})
