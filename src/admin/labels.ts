/**
 * The back office's words for the server's field names and codes (English only, DESIGN.md
 * section 6: it is a tool for staff). A code missing here still reads as words ("pending_payment"
 * -> "Pending payment"), never as the raw identifier.
 */

/** Review facts (server/reviews/service.ts, server/privacy/service.ts). */
export const FACT_LABELS: Record<string, string> = {
  name: 'Name',
  idNumber: 'ID number',
  pan: 'PAN',
  amountPaise: 'Amount',
  verifiedName: 'Verified name',
  holder: 'Account holder',
  accountNumber: 'Bank account number',
  ifsc: 'IFSC',
  bank: 'Bank',
  branch: 'Branch',
  channel: 'Channel',
  receiptSha256: 'Receipt fingerprint (SHA-256)',
  sameReceiptInRecharges: 'Same receipt sent with deposits',
  symbol: 'Symbol',
  exDay: 'Ex-dividend day',
  perSharePaise: 'Dividend per share',
  shares: 'Shares held',
  position: 'Position',
  dailyRatePerLakh: 'Daily interest rate',
  termDays: 'Term (days)',
  score: 'Credit score',
  borrowablePaise: 'May borrow up to',
  grantedBeforePaise: 'Credit granted before',
  availablePaise: 'Available',
  frozenPaise: 'Frozen',
  otherWallets: 'Other wallets',
  blockers: 'What blocks deletion',
  financialYears: 'Financial records kept (years)',
  investmentYears: 'Investment records kept (years)',
  closedAt: 'Closed at',
  financialKeptUntil: 'Financial records kept until',
  investmentKeptUntil: 'Investment records kept until',
}

/** Ledger entry reasons (server/ledger/rules.ts LEDGER_REASONS). */
export const LEDGER_REASON_LABELS: Record<string, string> = {
  demo_grant: 'Demo grant',
  sign_in_reward: 'Daily sign-in reward',
  order_freeze: 'Order placed (margin frozen)',
  order_unfreeze: 'Order cancelled (margin released)',
  position_open: 'Position opened',
  position_close: 'Position closed',
  recharge: 'Deposit',
  withdrawal_freeze: 'Withdrawal requested (frozen)',
  withdrawal_paid: 'Withdrawal paid',
  withdrawal_unfreeze: 'Withdrawal rejected (released)',
  exchange: 'Currency exchange',
  ipo_block: 'New shares: amount blocked',
  ipo_release: 'New shares: block released',
  ipo_allotment: 'New shares: allotment paid',
  ipo_payment: 'New shares: payment after winning',
  ipo_listing: 'New shares: listed',
  dividend: 'Dividend',
  block_freeze: 'Block trade: amount frozen',
  block_release: 'Block trade: amount released',
  block_allocation: 'Block trade: allocation paid',
  follow_invest: 'Copy trading: invested',
  follow_redeem: 'Copy trading: redeemed',
  loan_disbursement: 'Loan paid out',
  loan_interest: 'Loan interest',
  loan_repayment: 'Loan repayment',
}

/** Audit log actions (every audit() call on the server). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  signed_in: 'Signed in',
  signed_out: 'Signed out',
  operator_created: 'Added an operator',
  password_changed: 'Changed own password',
  review_approved: 'Approved a request',
  review_rejected: 'Rejected a request',
  evidence_viewed: 'Viewed evidence',
  user_viewed: 'Viewed a user',
  flag_set: 'Set a flag',
  flag_cleared: 'Cleared a flag',
  ipo_created: 'Created a new-share issue',
  ipo_cancelled: 'Cancelled a new-share issue',
  block_created: 'Created a block offering',
  block_cancelled: 'Cancelled a block offering',
  support_listed: 'Listed support threads',
  support_viewed: 'Viewed a support thread',
  support_replied: 'Replied to a support thread',
  support_closed: 'Closed a support thread',
  support_reset_granted: 'Allowed a password reset',
  support_password_reset: 'Password reset used',
  account_closed: 'Closed an account',
}

/** Kinds of uploaded pictures (evidence). */
export const UPLOAD_KIND_LABELS: Record<string, string> = {
  id_front: 'ID card, front',
  id_back: 'ID card, back',
  receipt: 'Payment receipt',
  payment_qr: 'Payment QR code',
  support: 'Picture sent to support',
}

/** Statuses and stages the server sends as codes (identity, reviews, orders, new shares, support). */
export const STATUS_LABELS: Record<string, string> = {
  none: 'Not submitted',
  pending: 'Pending',
  verified: 'Verified',
  failed: 'Rejected',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  buy: 'Buy',
  sell: 'Sell',
  up: 'Buy',
  down: 'Sell',
}

/** "pending_payment" or "idNumber" as words: "Pending payment", "Id number". */
export function humanize(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The label of `code` in `labels`, or the code as words. */
export function labelOf(labels: Record<string, string>, code: string): string {
  return Object.hasOwn(labels, code) ? labels[code]! : humanize(code)
}

/** What an audit row is about: "real_name:12" -> "Real-name request #12", "flag:no_trade" -> "Flag: No trade". */
const SUBJECT_KINDS: Record<string, string> = {
  real_name: 'Real-name request',
  recharge: 'Deposit',
  withdrawal: 'Withdrawal',
  dividend: 'Dividend application',
  loan: 'Loan',
  credit: 'Credit request',
  deletion: 'Account deletion',
  upload: 'Upload',
  flag: 'Flag',
  operator: 'Operator',
  ipo: 'New-share issue',
  block: 'Block offering',
  support: 'Support thread',
}

export function subjectText(subject: string): string {
  const colon = subject.indexOf(':')
  if (colon < 0) return subject
  const kind = labelOf(SUBJECT_KINDS, subject.slice(0, colon))
  const rest = subject.slice(colon + 1)
  return /^\d+$/.test(rest) ? `${kind} #${rest}` : `${kind}: ${kind === 'Operator' ? rest : humanize(rest)}`
}
