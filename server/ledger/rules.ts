/**
 * Double-entry ledger rules (DESIGN.md section 4). Every balance change is one entry whose legs
 * sum to zero per currency; balances are never stored, only derived by summing legs.
 * Account codes: `user:<id>:available`, `user:<id>:frozen`, `house:<name>`.
 */
import { type Paise } from './money'

export type UserPocket = 'available' | 'frozen'

/** The house account that pays sign-in rewards and demo grants. */
export const HOUSE_PROMOTIONS = 'house:promotions'
/** Money received from users' transfers (an approved recharge moves it to the user). */
export const HOUSE_DEPOSITS = 'house:deposits'
/** Money paid out to users' bank cards (an approved withdrawal moves it here from frozen). */
export const HOUSE_PAYOUTS = 'house:payouts'
/** The currency desk: it takes one currency and gives another in an exchange. */
export const HOUSE_FX = 'house:fx'

export const LEDGER_REASONS = {
  demoGrant: 'demo_grant',
  signInReward: 'sign_in_reward',
  orderFreeze: 'order_freeze',
  orderUnfreeze: 'order_unfreeze',
  positionOpen: 'position_open',
  positionClose: 'position_close',
  recharge: 'recharge',
  withdrawalFreeze: 'withdrawal_freeze',
  withdrawalPaid: 'withdrawal_paid',
  withdrawalUnfreeze: 'withdrawal_unfreeze',
  exchange: 'exchange',
  ipoBlock: 'ipo_block',
  ipoRelease: 'ipo_release',
  ipoAllotment: 'ipo_allotment',
  ipoPayment: 'ipo_payment',
  ipoListing: 'ipo_listing',
  dividend: 'dividend',
  blockFreeze: 'block_freeze',
  blockRelease: 'block_release',
  blockAllocation: 'block_allocation',
  followInvest: 'follow_invest',
  followRedeem: 'follow_redeem',
  loanDisbursement: 'loan_disbursement',
  loanInterest: 'loan_interest',
  loanRepayment: 'loan_repayment',
} as const
export type LedgerReason = (typeof LEDGER_REASONS)[keyof typeof LEDGER_REASONS]

export type LedgerLeg = { account: string; currency: string; amount: Paise }

export type LedgerEntryDraft = {
  reason: LedgerReason
  reference: string | null
  operator: string | null
  legs: LedgerLeg[]
}

export function userAccount(userId: number, pocket: UserPocket): string {
  return `user:${userId}:${pocket}`
}

const USER_ACCOUNT_PATTERN = /^user:([0-9]+):(available|frozen)$/
const HOUSE_ACCOUNT_PATTERN = /^house:[a-z_]+$/

/** The user whose balance a leg changes, or null for a house account. */
export function userIdOfAccount(account: string): number | null {
  const match = USER_ACCOUNT_PATTERN.exec(account)
  return match ? Number(match[1]) : null
}

/** Sum of the legs per currency; a valid entry has 0 for every currency. */
export function sumsByCurrency(legs: readonly LedgerLeg[]): Map<string, number> {
  const sums = new Map<string, number>()
  for (const leg of legs) sums.set(leg.currency, (sums.get(leg.currency) ?? 0) + leg.amount)
  return sums
}

/**
 * Builds an entry or throws: an unbalanced entry is a bug in the caller, never a user's mistake,
 * so it is an Error (HTTP 500) and not a refusal.
 */
export function buildEntry(draft: LedgerEntryDraft): LedgerEntryDraft {
  if (draft.legs.length < 2) throw new Error('a ledger entry needs at least two legs')
  for (const leg of draft.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) {
      throw new Error(`ledger leg amount must be a non-zero whole number of paise, got ${leg.amount}`)
    }
    if (!USER_ACCOUNT_PATTERN.test(leg.account) && !HOUSE_ACCOUNT_PATTERN.test(leg.account)) {
      throw new Error(`unknown ledger account code ${leg.account}`)
    }
  }
  for (const [currency, sum] of sumsByCurrency(draft.legs)) {
    if (sum !== 0) throw new Error(`ledger entry ${draft.reason} does not balance in ${currency}: ${sum}`)
  }
  return draft
}

/** Money moving from one account to another in one currency: the common two-leg entry. */
export function transfer(args: {
  reason: LedgerReason
  reference: string | null
  operator?: string | null
  from: string
  to: string
  currency: string
  amount: Paise
}): LedgerEntryDraft {
  if (args.amount <= 0) throw new Error(`a transfer moves a positive amount, got ${args.amount}`)
  return buildEntry({
    reason: args.reason,
    reference: args.reference,
    operator: args.operator ?? null,
    legs: [
      { account: args.from, currency: args.currency, amount: -args.amount },
      { account: args.to, currency: args.currency, amount: args.amount },
    ],
  })
}

export type Balances = { available: Paise; frozen: Paise; total: Paise }

export function balancesFrom(available: Paise, frozen: Paise): Balances {
  return { available, frozen, total: available + frozen }
}
