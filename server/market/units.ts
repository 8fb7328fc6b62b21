/**
 * How an instrument is traded: how many quantity units make one lot, and how a quantity times a
 * price becomes paise. contract amount (paise) = quantity x price / unitDivisor.
 * - a stock: quantity in shares, price in paise per share: divisor 1, a lot is `lotSize` shares;
 * - a digital currency: quantity in millionths of a coin, price in paise per coin: divisor 10^6;
 * - a currency pair: quantity in units of the base currency, price in 1/10,000 rupee per
 *   `baseAmount` units: divisor 100 x baseAmount, a lot is forexLotUnits x baseAmount units;
 * - an index is computed, not traded: undefined.
 */
import { type Instrument } from './instruments'

export type TradingUnits = {
  /** Quantity units in one lot. */
  lotUnits: number
  /** Paise = quantity x price / unitDivisor. */
  unitDivisor: number
  /** Quantity units per whole share, coin or currency unit, for display. */
  quantityScale: number
}

export type LotRules = { lotSize: number; cryptoLotMicro: number; forexLotUnits: number }

export function tradingUnits(instrument: Instrument, rules: LotRules): TradingUnits | undefined {
  switch (instrument.kind) {
    case 'stock':
      return { lotUnits: rules.lotSize, unitDivisor: 1, quantityScale: 1 }
    case 'crypto':
      return { lotUnits: rules.cryptoLotMicro, unitDivisor: instrument.quantityScale, quantityScale: instrument.quantityScale }
    case 'forex':
      return { lotUnits: rules.forexLotUnits * instrument.baseAmount, unitDivisor: 100 * instrument.baseAmount, quantityScale: 1 }
    case 'index':
      return undefined
  }
}
