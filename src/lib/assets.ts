/**
 * Total assets and the rest of the assets summary (issue 4), the one definition the home screen
 * and the account tab both show (issue 9: home showed available + frozen under the same label).
 * Worked out on the device from what Dexie holds (the /user/info balances, every order in
 * db.orders, the last quotes, the wallets and rates; src/app/assets.ts reads and refreshes them),
 * so it shows offline and moves with the quote stream without asking the server. The server's
 * `balances.total` is only the two rupee pockets. The server's books are the source of each figure:
 * - available and frozen: the rupee pockets of the ledger (/user/info balances);
 * - open positions: their margin sits in house:position_margin (server/trade/ledger-legs.ts)
 *   and their unrealised P/L is the gross P/L at the last price, as the trade tab shows it, but
 *   never below minus the margin: a loss beyond it is the house's (closeSettlement), so a
 *   position never counts for less than nothing;
 * - realised P/L: for every closed position, what its close entry paid back less what its open
 *   entry took (cash returned - margin - fee - stamp duty), i.e. the net of its two ledger entries;
 * - other currencies: each wallet at its mid rate, in rupees (nothing is being exchanged, so no
 *   spread).
 * total = available + frozen + open margin + unrealised P/L + other currencies (totalAssets);
 * P/L = realised + unrealised. A figure that needs a price or rate this device lacks is undefined.
 * Whole paise throughout.
 */
import { type OrderRow } from '../data/db'
import { valueInPaise } from './exchange'
import { unrealisedPnl } from './trade'

export type AssetOrder = Pick<
  OrderRow,
  'status' | 'symbol' | 'direction' | 'quantity' | 'unitDivisor' | 'entryPrice' | 'margin' | 'fee' | 'stampDuty' | 'cashReturned'
>

export type AssetsInput = {
  /** The rupee pockets (/user/info balances), paise. */
  balances: { available: number; frozen: number }
  orders: readonly AssetOrder[]
  /** The last price of each symbol this device has. */
  prices: ReadonlyMap<string, number>
  /** The wallets (/user/wallets); null when never fetched here. INR is skipped: it is `balances`. */
  wallets: readonly { currency: string; total: number }[] | null
  /** Mid rates (rupees per unit x RATE_SCALE) by currency; null when never fetched here. */
  rates: Readonly<Record<string, number | null>> | null
}

export type Assets = {
  available: number
  frozen: number
  /** Margin of the open positions. */
  margin: number
  openPositions: number
  unrealised: number | undefined
  /** Foreign wallets in rupees at the mid rate; 0 when none is held. */
  otherCurrencies: number | undefined
  total: number | undefined
  realised: number
  pnl: number | undefined
}

const OPEN: ReadonlySet<OrderRow['status']> = new Set(['locked', 'holding', 'preparing_to_close'])

const add = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : a + b)

/** An open position's unrealised P/L at `price`, floored at minus its margin; undefined without a price. */
export function positionPnl(order: AssetOrder, price: number | undefined): number | undefined {
  if (price === undefined) return undefined
  const pnl = unrealisedPnl(order, price)
  return pnl === undefined ? undefined : Math.max(pnl, -order.margin)
}

/** A closed position's net result as its two ledger entries left it; 0 for anything else. */
export function realisedPnl(order: AssetOrder): number {
  if (order.status !== 'closed' || order.cashReturned === null || order.entryPrice === null) return 0
  return order.cashReturned - order.margin - order.fee - order.stampDuty
}

/** Foreign wallets in paise at their mid rates; undefined when one held has no rate (or nothing is known). */
export function otherCurrenciesValue(wallets: AssetsInput['wallets'], rates: AssetsInput['rates']): number | undefined {
  if (wallets === null) return undefined
  let sum: number | undefined = 0
  for (const wallet of wallets) {
    if (wallet.currency === 'INR' || wallet.total === 0) continue
    sum = add(sum, valueInPaise(wallet.total, wallet.currency, rates?.[wallet.currency]))
  }
  return sum
}

/**
 * What the account is worth in rupees now: the rupee pockets, what the open positions would return
 * at the last price (margin + P/L, never below nothing) and the foreign wallets at the mid rate.
 * Undefined when a price or a rate it needs is not on this device: a partial sum would understate it.
 */
export function totalAssets(parts: Pick<Assets, 'available' | 'frozen' | 'margin' | 'unrealised' | 'otherCurrencies'>): number | undefined {
  return add(add(parts.available + parts.frozen + parts.margin, parts.unrealised), parts.otherCurrencies)
}

export function assetsOf(input: AssetsInput): Assets {
  const { available, frozen } = input.balances
  let margin = 0
  let openPositions = 0
  let unrealised: number | undefined = 0
  let realised = 0
  for (const order of input.orders) {
    if (OPEN.has(order.status)) {
      openPositions += 1
      margin += order.margin
      unrealised = add(unrealised, positionPnl(order, input.prices.get(order.symbol)))
    } else {
      realised += realisedPnl(order)
    }
  }
  const otherCurrencies = otherCurrenciesValue(input.wallets, input.rates)
  return {
    available,
    frozen,
    margin,
    openPositions,
    unrealised,
    otherCurrencies,
    total: totalAssets({ available, frozen, margin, unrealised, otherCurrencies }),
    realised,
    pnl: add(realised, unrealised),
  }
}
