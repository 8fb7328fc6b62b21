/**
 * A strategy's published rule in words, from its code and its parameters as /follow/strategies
 * sends them (the server runs exactly these numbers: server/follow/strategies.ts DEFAULT_PARAMS
 * names them). A rule whose reply lacks one of its parameters is told in general words rather
 * than with a guessed number; the raw parameters are shown beside it either way.
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type StrategyCode } from '../../contract/replies'
import { formatBps } from './rules'

export function strategyKind(code: StrategyCode): MessageDescriptor {
  switch (code) {
    case 'index_tracker':
      return msg`Index tracker`
    case 'momentum':
      return msg`Momentum`
    case 'mean_reversion':
      return msg`Mean reversion`
  }
}

export function strategyRule(code: StrategyCode, params: Readonly<Record<string, number>>, locale = 'en-IN'): MessageDescriptor {
  const pct = (bps: number | undefined) => (bps === undefined ? undefined : formatBps(bps, { locale }))
  const reserve = formatBps(params.cashReserveBps ?? 0, { locale })
  switch (code) {
    case 'index_tracker': {
      const { rebalanceDays } = params
      const minTrade = pct(params.minTradeBps)
      return rebalanceDays === undefined || minTrade === undefined
        ? msg`Holds the index's members in the index's weights, bought and rebalanced at the close.`
        : msg`Holds the index's members in the index's weights, rebalanced at the close every ${rebalanceDays} trading days; a change smaller than ${minTrade} of the portfolio is skipped, and ${reserve} is kept in cash for fees.`
    }
    case 'momentum': {
      const { lookbackDays, holdCount, rebalanceDays } = params
      return lookbackDays === undefined || holdCount === undefined || rebalanceDays === undefined
        ? msg`Holds, in equal value, the members with the best return over a recent period, chosen again at regular closes.`
        : msg`Every ${rebalanceDays} trading days, at the close, holds in equal value the ${holdCount} members with the best return over the last ${lookbackDays} trading days; ${reserve} is kept in cash for fees.`
    }
    case 'mean_reversion': {
      const { maDays, maxHoldDays, maxPositions } = params
      const threshold = pct(params.thresholdBps)
      return maDays === undefined || maxHoldDays === undefined || maxPositions === undefined || threshold === undefined
        ? msg`Buys a member that closed well below its moving average and sells it once it is back at the average, or after a few days.`
        : msg`Buys, at the close, a member that closed ${threshold} or more below its ${maDays}-day moving average (at most ${maxPositions} at a time, in equal slots); sells it at or above the average, or after ${maxHoldDays} trading days; ${reserve} is kept in cash for fees.`
    }
  }
}
