/**
 * Deposits (issue 4, DESIGN.md section 4): where users send money (the published channels) and the
 * rules a request for its credit passes. The money itself moves only at an approving review
 * (rechargeCreditEntry in ./funds.ts). One fund operation is reviewed at a time per user: a second
 * recharge while a recharge or a withdrawal waits is refused, as a withdrawal is while either waits.
 */
import { type FundRules, checkRecharge } from './funds'
import { type RealNameStatus } from './identity'
import { type Paise } from './money'
import { DomainRefusal } from './refusal'

/** A company account taking bank transfers (NEFT/RTGS/IMPS). */
export type BankChannel = { id: string; kind: 'bank'; beneficiary: string; accountNumber: string; ifsc: string; bank: string }
/** A UPI payee: the app shows its VPA and a `upi://pay` QR code. */
export type UpiChannel = { id: string; kind: 'upi'; payee: string; vpa: string }
/** A USDT wallet: the user sends the rupee amount's worth on the network; the QR holds the address. */
export type UsdtChannel = { id: string; kind: 'usdt'; network: 'TRC20'; address: string }
export type RechargeChannel = BankChannel | UpiChannel | UsdtChannel

/**
 * The demo's channels: made-up details that say so, never a real account. Production publishes
 * none until its operator configures real ones (then the app says deposits are not open).
 */
export const DEMO_RECHARGE_CHANNELS: readonly RechargeChannel[] = [
  { id: 'bank', kind: 'bank', beneficiary: 'Tijori Demo Collections', accountNumber: '000123456789', ifsc: 'DEMO0000001', bank: 'Demo Bank (not a real account)' },
  { id: 'upi', kind: 'upi', payee: 'Tijori Demo', vpa: 'tijori.demo@upi' },
  // TRON's address form, but its checksum fails: a wallet refuses to send to it.
  { id: 'usdt', kind: 'usdt', network: 'TRC20', address: 'TTijoriDemoAddressNotReaLWaLLetxxx' },
]

export type RechargeRequestCheck = {
  channel: string
  channels: readonly RechargeChannel[]
  amount: Paise
  status: RealNameStatus
  receiptUploadId: number
  /** The receipt is an upload of the user's own, of kind 'receipt'. */
  receiptOwn: boolean
  /** Another recharge already carries this receipt. */
  receiptUsed: boolean
  /** A recharge or withdrawal of the user still waits for its review. */
  otherPending: boolean
  rules: FundRules
  now: number
}

/** The first rule a recharge request breaks, or null: then it goes to review. */
export function checkRechargeRequest(c: RechargeRequestCheck): DomainRefusal | null {
  if (!c.channels.some((ch) => ch.id === c.channel)) {
    return new DomainRefusal('recharge_channel_unknown', { channel: c.channel }, 'Choose one of the published deposit channels.')
  }
  const rule = checkRecharge({ amount: c.amount, status: c.status, rules: c.rules, now: c.now })
  if (rule) return rule
  if (!c.receiptOwn) return new DomainRefusal('upload_not_found', { id: c.receiptUploadId }, 'That picture is not among your uploads.')
  // One receipt proves one transfer.
  if (c.receiptUsed) return new DomainRefusal('receipt_already_used', {}, 'This receipt was already sent with another deposit.')
  if (c.otherPending) return new DomainRefusal('fund_operation_pending', {}, 'Another fund operation is still being reviewed.')
  return null
}
