/**
 * The user's own USDT addresses (issue 4): what a well-formed address is on each network. A
 * mistyped address loses the money sent to it, so beyond the form the app also checks
 * (src/lib/validators.ts), the server verifies a TRON address's built-in checksum: base58check,
 * the first 4 bytes of sha256(sha256(payload)) after the 0x41 mainnet prefix and 20-byte account.
 * An Ethereum address's mixed-case checksum (EIP-55) needs Keccak-256, which Node does not ship;
 * it is kept exactly as typed so the user's wallet can still verify it.
 */
import { createHash } from 'node:crypto'
import { USDT_ADDRESS_PATTERNS, USDT_NETWORKS, type UsdtNetwork } from '../../src/lib/validators'
import { DomainRefusal } from '../http/refusal'

export { USDT_NETWORKS, type UsdtNetwork }

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** TRON mainnet addresses: 0x41, then the 20-byte account, then the 4-byte checksum. */
const TRON_PREFIX = 0x41
const TRON_BYTES = 25

/** The bytes a base58 text stands for (leading '1's are zero bytes), or null if it is not base58. */
export function base58Decode(text: string): Uint8Array | null {
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit < 0) return null
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn))
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest()

/** Whether a TRON address decodes to prefix 0x41 and its checksum matches. */
export function tronChecksumOk(address: string): boolean {
  const bytes = base58Decode(address)
  if (!bytes || bytes.length !== TRON_BYTES || bytes[0] !== TRON_PREFIX) return false
  const payload = bytes.subarray(0, TRON_BYTES - 4)
  const check = sha256(sha256(payload)).subarray(0, 4)
  return check.every((b, i) => bytes[TRON_BYTES - 4 + i] === b)
}

export function usdtAddressInvalid(network: UsdtNetwork): DomainRefusal {
  return new DomainRefusal(
    'usdt_address_invalid',
    { network },
    network === 'TRC20'
      ? 'A TRC20 address is 34 characters starting with T; check it against your wallet.'
      : 'An ERC20 address is 0x followed by 40 hexadecimal digits; check it against your wallet.',
  )
}

/** The address as stored (spaces around it dropped), or the refusal naming the network's form. */
export function checkUsdtAddress(network: UsdtNetwork, address: string): string | DomainRefusal {
  const trimmed = address.trim()
  if (!USDT_ADDRESS_PATTERNS[network].test(trimmed)) return usdtAddressInvalid(network)
  if (network === 'TRC20' && !tronChecksumOk(trimmed)) return usdtAddressInvalid(network)
  return trimmed
}
