/**
 * What a deposit QR code holds (issue 4): for UPI a `upi://pay` link any UPI app opens with the
 * payee, amount and note filled in (NPCI's deep-link parameters pa, pn, am, cu, tn); for USDT the
 * wallet address alone, the form TRON wallets scan. A bank transfer has no QR code.
 */
import { type Paise, paiseToDecimal } from './money'

export type PaymentChannel =
  | { kind: 'bank' }
  | { kind: 'upi'; payee: string; vpa: string }
  | { kind: 'usdt'; network: string; address: string }

/** Percent-encodes a UPI parameter; '@' stays as is, the way UPI apps expect a VPA. */
const upiParam = (value: string) => encodeURIComponent(value).replace(/%40/g, '@')

/** The text to encode in the channel's QR code, or null when the channel has none. */
export function paymentTarget(channel: PaymentChannel, amount: Paise, note?: string): string | null {
  if (channel.kind === 'usdt') return channel.address
  if (channel.kind !== 'upi') return null
  const params = [`pa=${upiParam(channel.vpa)}`, `pn=${upiParam(channel.payee)}`, `am=${paiseToDecimal(amount)}`, 'cu=INR']
  if (note) params.push(`tn=${upiParam(note)}`)
  return `upi://pay?${params.join('&')}`
}
