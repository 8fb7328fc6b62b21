/** The published trading rules read from /common/config values, in the units the screen words them. */
import { type ConfigName } from '../../contract/config'
import { type Paise } from '../../lib/money'

export const RULE_NAMES = [
  'market_always_open',
  'market_hours',
  'market_holidays',
  'lot_size',
  'lot_crypto_micro',
  'lot_forex_units',
  'max_lots_per_order',
  'leverages',
  'handling_fee_per_lakh',
  'min_handling_fee',
  'stamp_duty_per_lakh',
  'price_band_pct',
  'lock_unit',
  'lock_count',
  'day_trading_cutoff',
  'stop_out_margin_pct',
  'market_order_reconfirm_seconds',
] as const satisfies readonly ConfigName[]

export type RuleName = (typeof RULE_NAMES)[number]

/** A rate per lakh (1/100,000) as an exact percentage string: 30 -> "0.03", 15 -> "0.015". */
export function perLakhToPercent(perLakh: number): string {
  const whole = Math.trunc(perLakh / 1000)
  const frac = String(perLakh % 1000).padStart(3, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : String(whole)
}

/** Millionths of a coin as a decimal string: 10000 -> "0.01". */
export function microToDecimal(micro: number): string {
  const whole = Math.trunc(micro / 1_000_000)
  const frac = String(micro % 1_000_000).padStart(6, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : String(whole)
}

export type Rules = {
  alwaysOpen: boolean
  hours: string
  holidays: string[]
  lotSize: number | null
  cryptoLotMicro: number | null
  forexLotUnits: number | null
  maxLots: number | null
  leverages: number[]
  feePerLakh: number | null
  minFee: Paise | null
  stampPerLakh: number | null
  bandPct: number | null
  lock: { unit: 'minutes' | 'trading_days'; count: number } | null
  cutoff: string | null
  stopOutPct: number | null
  reconfirmSeconds: number | null
}

function int(value: string | undefined): number | null {
  const n = Number(value)
  return value !== undefined && value.trim() !== '' && Number.isSafeInteger(n) && n >= 0 ? n : null
}

export function readRules(get: (name: RuleName) => string | undefined): Rules {
  const lockUnit = get('lock_unit')
  const lockCount = int(get('lock_count'))
  return {
    alwaysOpen: get('market_always_open') === '1',
    hours: get('market_hours') || '09:15-15:30',
    holidays: (get('market_holidays') ?? '').split(',').map((d) => d.trim()).filter(Boolean),
    lotSize: int(get('lot_size')),
    cryptoLotMicro: int(get('lot_crypto_micro')),
    forexLotUnits: int(get('lot_forex_units')),
    maxLots: int(get('max_lots_per_order')),
    leverages: (get('leverages') ?? '').split(',').map(Number).filter((n) => Number.isSafeInteger(n) && n > 0),
    feePerLakh: int(get('handling_fee_per_lakh')),
    minFee: int(get('min_handling_fee')),
    stampPerLakh: int(get('stamp_duty_per_lakh')),
    bandPct: int(get('price_band_pct')),
    lock: (lockUnit === 'minutes' || lockUnit === 'trading_days') && lockCount !== null ? { unit: lockUnit, count: lockCount } : null,
    cutoff: get('day_trading_cutoff') || null,
    stopOutPct: int(get('stop_out_margin_pct')),
    reconfirmSeconds: int(get('market_order_reconfirm_seconds')),
  }
}
