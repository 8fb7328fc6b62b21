import { describe, expect, it } from 'vitest'
import { chartChoice, validateSymbolSearch, withPeriod } from '../../../../../src/features/market/chart/choice'

describe('the chart choice', () => {
  it('takes the nearest range the new period offers', () => {
    expect(withPeriod({ period: '1min', range: '1w', adjust: 'none' }, 'month')).toEqual({ period: 'month', range: '1y', adjust: 'none' })
    expect(withPeriod({ period: 'day', range: '3mo', adjust: 'forward' }, '15min')).toEqual({ period: '15min', range: '3mo', adjust: 'forward' })
  })

  it('repairs a link to a pair no longer offered', () => {
    expect(validateSymbolSearch({ symbol: 'tcs', period: 'month', range: '1w' })).toEqual({ symbol: 'TCS', period: 'month', range: '1y' })
    expect(chartChoice({ symbol: 'TCS', range: '1y' })).toEqual({ period: '1min', range: '1w', adjust: 'none' })
  })
})
