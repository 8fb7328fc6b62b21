/**
 * What a fund record is, in words. The ledger's references are for the books (`recharge:1`,
 * `sign_in:2026-11-23`, `demo grant`); a person recognises "Deposit #1" or "Daily sign-in reward,
 * 2026.11.23". The server writes one reference shape per reason (server/ledger/rules.ts
 * LEDGER_REASONS: funds.ts, exchange.ts, trade-ledger.ts, routes/user.ts, db/seed.ts,
 * ipo/ledger-legs.ts, follow/ledger-legs.ts); this reads
 * it back. A reference in a shape it does not know gives the words without it, never the raw text,
 * and a reason it does not know is "Other". The CSV export keeps the raw codes: it is for
 * spreadsheets and matches the API.
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export type FundEntry = {
  reason: string
  reference: string | null
  /**
   * For an exchange: what the entry changed in each currency of the account, as far as this
   * device has its records (one record per currency); the negative one was sold, the positive bought.
   */
  moves?: readonly { currency: string; amount: number }[]
}

/** The number after `prefix:` (`recharge:12` -> 12), or null for any other shape. */
function numbered(reference: string | null, prefix: string): number | null {
  const match = reference === null ? null : new RegExp(`^${prefix}:([1-9][0-9]*)$`).exec(reference)
  return match ? Number(match[1]) : null
}

/** `sign_in:2026-11-23` -> `2026.11.23`, the app's date format (the day is already India's). */
function signInDay(reference: string | null): string | null {
  const match = reference === null ? null : /^sign_in:([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(reference)
  return match ? `${match[1]}.${match[2]}.${match[3]}` : null
}

/** An order number as the trade screens show it (`T0000000042`, migrations/…_trading.sql); else null. */
function orderNumber(reference: string | null): string | null {
  return reference !== null && /^T[0-9]+$/.test(reference) ? reference : null
}

/**
 * An application's public reference after its area's prefix (`ipo:7K3M9Q2XWD`,
 * server/ipo/ledger-legs.ts; `block:7K3M9Q2XWD`, server/block/ledger-legs.ts); else null.
 */
function applicationRef(reference: string | null, prefix: 'ipo' | 'block' = 'ipo'): string | null {
  const match = reference === null ? null : new RegExp(`^${prefix}:([0-9A-Z]{4,32})$`).exec(reference)
  return match ? match[1]! : null
}

/** A copy-trading investment's number (`follow:12`, server/follow/ledger-legs.ts); else null. */
function investmentNumber(reference: string | null): number | null {
  return numbered(reference, 'follow')
}

function exchangeDescription(entry: FundEntry): MessageDescriptor {
  const from = entry.moves?.find((m) => m.amount < 0)?.currency
  const to = entry.moves?.find((m) => m.amount > 0)?.currency
  if (from && to) return msg`Exchange ${from} → ${to}`
  const id = numbered(entry.reference, 'exchange')
  return id === null ? msg`Currency exchange` : msg`Currency exchange #${id}`
}

/** The record in words, translated when passed to `i18n._`. */
export function describeFundEntry(entry: FundEntry): MessageDescriptor {
  const { reason, reference } = entry
  switch (reason) {
    case 'demo_grant':
      return msg`Demo funds`
    case 'sign_in_reward': {
      const day = signInDay(reference)
      return day === null ? msg`Daily sign-in reward` : msg`Daily sign-in reward, ${day}`
    }
    case 'recharge': {
      const id = numbered(reference, 'recharge')
      return id === null ? msg`Deposit` : msg`Deposit #${id}`
    }
    case 'withdrawal_freeze': {
      const id = numbered(reference, 'withdrawal')
      return id === null ? msg`Withdrawal requested: funds frozen` : msg`Withdrawal #${id} requested: funds frozen`
    }
    case 'withdrawal_paid': {
      const id = numbered(reference, 'withdrawal')
      return id === null ? msg`Withdrawal paid` : msg`Withdrawal #${id} paid`
    }
    case 'withdrawal_unfreeze': {
      const id = numbered(reference, 'withdrawal')
      return id === null ? msg`Withdrawal rejected: funds released` : msg`Withdrawal #${id} rejected: funds released`
    }
    case 'exchange':
      return exchangeDescription(entry)
    case 'order_freeze': {
      const orderNo = orderNumber(reference)
      return orderNo === null ? msg`Order placed: funds frozen` : msg`Order ${orderNo} placed: funds frozen`
    }
    case 'order_unfreeze': {
      const orderNo = orderNumber(reference)
      return orderNo === null ? msg`Order cancelled: funds released` : msg`Order ${orderNo} cancelled: funds released`
    }
    case 'position_open': {
      const orderNo = orderNumber(reference)
      return orderNo === null ? msg`Position opened` : msg`Position opened, order ${orderNo}`
    }
    case 'position_close': {
      const orderNo = orderNumber(reference)
      return orderNo === null ? msg`Position closed` : msg`Position closed, order ${orderNo}`
    }
    case 'ipo_block': {
      const ref = applicationRef(reference)
      return ref === null ? msg`New shares applied for: funds blocked` : msg`New shares applied for (${ref}): funds blocked`
    }
    case 'ipo_release': {
      const ref = applicationRef(reference)
      return ref === null ? msg`New shares: blocked funds released` : msg`New shares (${ref}): blocked funds released`
    }
    case 'ipo_allotment': {
      const ref = applicationRef(reference)
      return ref === null ? msg`New shares allotted: paid from blocked funds` : msg`New shares allotted (${ref}): paid from blocked funds`
    }
    case 'ipo_payment': {
      const ref = applicationRef(reference)
      return ref === null ? msg`New shares allotted: paid` : msg`New shares allotted (${ref}): paid`
    }
    case 'ipo_listing':
      return msg`New shares listed`
    case 'block_freeze': {
      const ref = applicationRef(reference, 'block')
      return ref === null ? msg`Block trade applied for: funds frozen` : msg`Block trade applied for (${ref}): funds frozen`
    }
    case 'block_release': {
      const ref = applicationRef(reference, 'block')
      return ref === null ? msg`Block trade: frozen funds released` : msg`Block trade (${ref}): frozen funds released`
    }
    case 'block_allocation': {
      const ref = applicationRef(reference, 'block')
      return ref === null ? msg`Block trade allocated: paid from frozen funds` : msg`Block trade allocated (${ref}): paid from frozen funds`
    }
    case 'follow_invest': {
      const id = investmentNumber(reference)
      return id === null ? msg`Copy trading: invested` : msg`Copy trading: invested, investment #${id}`
    }
    case 'follow_redeem': {
      const id = investmentNumber(reference)
      return id === null ? msg`Copy trading: redeemed` : msg`Copy trading: redeemed, investment #${id}`
    }
    case 'loan_disbursement': {
      const id = numbered(reference, 'loan')
      return id === null ? msg`Loan paid out` : msg`Loan #${id} paid out`
    }
    case 'loan_interest': {
      const id = numbered(reference, 'loan')
      return id === null ? msg`Loan interest` : msg`Loan #${id}: a day's interest`
    }
    case 'loan_repayment': {
      const id = numbered(reference, 'loan')
      return id === null ? msg`Loan repayment` : msg`Loan #${id} repayment`
    }
    case 'dividend': {
      const id = numbered(reference, 'dividend')
      return id === null ? msg`Dividend` : msg`Dividend #${id}`
    }
    default:
      return msg`Other`
  }
}
