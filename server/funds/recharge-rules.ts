/**
 * Deposits (issue 4, DESIGN.md section 4): where users send money (the published channels) and the
 * rules a request for its credit passes. The money itself moves only at an approving review
 * (rechargeCreditEntry in ./funds.ts). One fund operation is reviewed at a time per user: a second
 * recharge while a recharge or a withdrawal waits is refused, as a withdrawal is while either waits.
 */
import { type FundRules, checkRecharge } from './rules'
import { type RealNameStatus } from '../identity/rules'
import { type Paise } from '../ledger/money'
import { DomainRefusal } from '../http/refusal'
import { checkUsdtAddress } from './usdt-rules'
import { BANK_ACCOUNT_PATTERN, IFSC_PATTERN } from '../../src/lib/validators'

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

const CHANNEL_ID = /^[a-z0-9_-]{1,32}$/
const VPA = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/

/**
 * A deployment's real channels from TIJORI_RECHARGE_CHANNELS (a JSON array of the channel types
 * above). Every detail is checked, since users will send money to it; throws naming the fault.
 */
export function parseRechargeChannels(json: string): RechargeChannel[] {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    throw new Error('TIJORI_RECHARGE_CHANNELS is not JSON')
  }
  if (!Array.isArray(value)) throw new Error('TIJORI_RECHARGE_CHANNELS is a JSON array of channels')
  const seen = new Set<string>()
  return value.map((item: unknown, n): RechargeChannel => {
    const c = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>
    const text = (key: string) => {
      const v = c[key]
      if (typeof v !== 'string' || v.trim() === '') throw new Error(`TIJORI_RECHARGE_CHANNELS[${n}].${key} is missing`)
      return v.trim()
    }
    const id = text('id')
    if (!CHANNEL_ID.test(id) || seen.has(id)) throw new Error(`TIJORI_RECHARGE_CHANNELS[${n}].id must be unique, 1-32 of a-z 0-9 _ -`)
    seen.add(id)
    switch (c.kind) {
      case 'bank': {
        const channel: BankChannel = { id, kind: 'bank', beneficiary: text('beneficiary'), accountNumber: text('accountNumber'), ifsc: text('ifsc'), bank: text('bank') }
        if (!BANK_ACCOUNT_PATTERN.test(channel.accountNumber)) throw new Error(`TIJORI_RECHARGE_CHANNELS[${n}].accountNumber must be 9 to 18 digits`)
        if (!IFSC_PATTERN.test(channel.ifsc)) throw new Error(`TIJORI_RECHARGE_CHANNELS[${n}].ifsc is not an IFSC`)
        return channel
      }
      case 'upi': {
        const channel: UpiChannel = { id, kind: 'upi', payee: text('payee'), vpa: text('vpa') }
        if (!VPA.test(channel.vpa)) throw new Error(`TIJORI_RECHARGE_CHANNELS[${n}].vpa is not a UPI id`)
        return channel
      }
      case 'usdt': {
        const address = checkUsdtAddress('TRC20', text('address'))
        if (typeof address !== 'string') throw new Error(`TIJORI_RECHARGE_CHANNELS[${n}].address is not a TRC20 address`)
        return { id, kind: 'usdt', network: 'TRC20', address }
      }
      default:
        throw new Error(`TIJORI_RECHARGE_CHANNELS[${n}].kind must be bank, upi or usdt`)
    }
  })
}

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
