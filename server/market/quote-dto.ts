/** A live quote as the API sends it: the quote, the tick and, for what trades, its lot units. */
import { type ServerConfig } from '../config'
import { type AnyQuote } from './feed'
import { type Instrument } from './instruments'
import { type TradingUnits, tradingUnits } from './units'

export type QuoteDto = AnyQuote & { tickSize: number } & Partial<TradingUnits>

export function unitsFor(instrument: Instrument, config: ServerConfig): TradingUnits | undefined {
  return tradingUnits(instrument, { lotSize: config.trading.lotSize, cryptoLotMicro: config.cryptoLotMicro, forexLotUnits: config.forexLotUnits })
}

export function quoteDto(quote: AnyQuote, instrument: Instrument, config: ServerConfig): QuoteDto {
  return { ...quote, tickSize: instrument.tickSize, ...unitsFor(instrument, config) }
}
