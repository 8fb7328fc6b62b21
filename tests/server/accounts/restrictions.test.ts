import { describe, expect, it } from 'vitest'
import { restrictionsOf } from '../../../server/accounts/rules'

describe('restrictions shown on the profile', () => {
  it('lists each flag that is on with its reason, in a fixed order', () => {
    expect(restrictionsOf({ no_withdraw: 'Card check', no_trade: 'KYC review' })).toEqual([
      { flag: 'no_trade', reason: 'KYC review' },
      { flag: 'no_withdraw', reason: 'Card check' },
    ])
    expect(restrictionsOf({})).toEqual([])
  })

  it('keeps a flag set with an empty reason', () => {
    expect(restrictionsOf({ frozen: '' })).toEqual([{ flag: 'frozen', reason: '' }])
  })
})
