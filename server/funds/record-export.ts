/**
 * The user's records as CSV (DESIGN.md section 5: users can export their ledger and orders). RFC
 * 4180: comma separated, CRLF line ends, a field quoted when it holds a comma, a quote, a line
 * break or spaces at its ends, quotes inside doubled. Amounts are exact decimals of the currency's
 * minor unit (integer arithmetic, never a float), times ISO 8601 in India time (+05:30, which has
 * had no daylight saving since 1945, so a fixed offset is exact).
 */
import { CURRENCY_DECIMALS, isCurrency } from './exchange-rules'
import { INDIA_OFFSET_MS } from '../../src/lib/dates'

/** `2026-01-10T11:30:00+05:30` for an instant (epoch ms); the milliseconds are dropped. */
export function indiaIso(ms: number): string {
  return `${new Date(ms + INDIA_OFFSET_MS).toISOString().slice(0, 19)}+05:30`
}

/** `amount` minor units as an exact decimal with the currency's decimals: (-12345, 2) -> "-123.45". */
export function minorToDecimal(amount: number, decimals: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not a whole number of minor units: ${amount}`)
  const abs = Math.abs(amount)
  const unit = 10 ** decimals
  const whole = Math.trunc(abs / unit)
  const rest = decimals > 0 ? `.${String(abs % unit).padStart(decimals, '0')}` : ''
  return `${amount < 0 ? '-' : ''}${whole}${rest}`
}

/** Decimals of a currency's minor unit; 2 for one the exchange does not list. */
export function currencyDecimals(currency: string): number {
  return isCurrency(currency) ? CURRENCY_DECIMALS[currency] : 2
}

/** A CSV cell: text (quoted as needed, formula-guarded), an exact decimal amount, or empty. */
export type CsvCell = string | { decimal: string } | null

/**
 * One CSV field. Text a spreadsheet would run as a formula (starting =, +, -, @, tab or CR) gets a
 * leading apostrophe: the export holds codes the server wrote, but it is opened in spreadsheets.
 * Amounts are never guarded, so "-12.50" stays a number to the spreadsheet.
 */
export function csvField(cell: CsvCell): string {
  if (cell === null) return ''
  if (typeof cell !== 'string') return cell.decimal
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`
}

/** `amount` minor units of `currency` as a CSV amount. */
export function amountCell(amount: number, currency: string): CsvCell {
  return { decimal: minorToDecimal(amount, currencyDecimals(currency)) }
}

export type LedgerLine = {
  id: number
  reason: string
  reference: string | null
  createdAt: number
  currency: string
  /** Change to the available pocket, signed minor units. */
  available: number
  /** Change to the frozen pocket, signed minor units. */
  frozen: number
}

export const LEDGER_CSV_HEADER = ['time', 'reason', 'reference', 'currency', 'available_change', 'frozen_change', 'available_balance', 'frozen_balance'] as const

/**
 * The ledger, oldest first, with each currency's pockets as they stood after every entry. `lines`
 * must be every entry of the user in ledger order (by id): the balances are the running sums.
 */
export function ledgerCsv(lines: readonly LedgerLine[]): string {
  const balances = new Map<string, { available: number; frozen: number }>()
  let out = csvLine(LEDGER_CSV_HEADER)
  for (const line of lines) {
    const before = balances.get(line.currency) ?? { available: 0, frozen: 0 }
    const after = { available: before.available + line.available, frozen: before.frozen + line.frozen }
    balances.set(line.currency, after)
    const { currency } = line
    out += csvLine([
      indiaIso(line.createdAt),
      line.reason,
      line.reference,
      currency,
      amountCell(line.available, currency),
      amountCell(line.frozen, currency),
      amountCell(after.available, currency),
      amountCell(after.frozen, currency),
    ])
  }
  return out
}

/** One order as the export shows it: the stored row with its instrument's name and price scale. */
export type OrderLine = {
  orderNo: string
  createdAt: number
  symbol: string
  name: string
  kind: string
  type: string
  direction: string
  lots: number
  /** Units of 1/quantityScale (shares, coins). */
  quantity: number
  quantityScale: number
  leverage: number
  dayTrading: boolean
  /** Prices in units of 1/priceScale rupees. */
  priceScale: number
  limitPrice: number | null
  entryPrice: number | null
  exitPrice: number | null
  /** Paise. */
  margin: number
  fee: number
  stampDuty: number
  closeFee: number | null
  closeStampDuty: number | null
  pnl: number | null
  cashReturned: number | null
  status: string
  openedAt: number | null
  closedAt: number | null
  closeReason: string | null
}

export const ORDERS_CSV_HEADER = [
  'order_no', 'time', 'symbol', 'name', 'kind', 'type', 'direction', 'lots', 'quantity', 'leverage', 'day_trading',
  'limit_price', 'entry_price', 'exit_price', 'margin', 'fee', 'stamp_duty', 'close_fee', 'close_stamp_duty', 'pnl',
  'cash_returned', 'status', 'opened_at', 'closed_at', 'close_reason',
] as const

/** Decimals of a scale that is a power of ten (100 -> 2); a scale that is not one shows whole units. */
function scaleDecimals(scale: number): number {
  let decimals = 0
  for (let s = scale; s >= 10 && s % 10 === 0; s /= 10) decimals++
  return decimals
}

const scaled = (value: number | null, scale: number): CsvCell => (value === null ? null : { decimal: minorToDecimal(value, scaleDecimals(scale)) })
const rupees = (paise: number | null): CsvCell => (paise === null ? null : amountCell(paise, 'INR'))
const instant = (ms: number | null): CsvCell => (ms === null ? null : indiaIso(ms))

/** The user's orders, oldest first: prices in rupees with the instrument's decimals, money in rupees. */
export function ordersCsv(lines: readonly OrderLine[]): string {
  let out = csvLine(ORDERS_CSV_HEADER)
  for (const o of lines) {
    out += csvLine([
      o.orderNo,
      indiaIso(o.createdAt),
      o.symbol,
      o.name,
      o.kind,
      o.type,
      o.direction,
      { decimal: String(o.lots) },
      scaled(o.quantity, o.quantityScale),
      { decimal: String(o.leverage) },
      o.dayTrading ? 'yes' : 'no',
      scaled(o.limitPrice, o.priceScale),
      scaled(o.entryPrice, o.priceScale),
      scaled(o.exitPrice, o.priceScale),
      rupees(o.margin),
      rupees(o.fee),
      rupees(o.stampDuty),
      rupees(o.closeFee),
      rupees(o.closeStampDuty),
      rupees(o.pnl),
      rupees(o.cashReturned),
      o.status,
      instant(o.openedAt),
      instant(o.closedAt),
      o.closeReason,
    ])
  }
  return out
}
