/**
 * Input formats the server enforces and the app checks first for a fast answer (DESIGN.md
 * section 4). One definition for both ends, so the two can never disagree.
 */

/** The account id: an Indian mobile number, 10 digits starting 6-9. */
export const ACCOUNT_PATTERN = /^[6-9][0-9]{9}$/

/** PAN (Permanent Account Number): five letters, four digits, one letter (DESIGN.md section 4). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/

/** IFSC (bank branch code): four letters, a zero, six letters or digits (DESIGN.md section 4). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/

/** A bank account number as Indian banks issue them: 9 to 18 digits. */
export const BANK_ACCOUNT_PATTERN = /^[0-9]{9,18}$/

/**
 * A person's name as two records are compared (card holder against verified name): case, runs
 * of spaces and dots between initials do not make two names differ.
 */
export function normalizeName(name: string): string {
  return name.normalize('NFKC').replace(/[.\s]+/g, ' ').trim().toUpperCase()
}

/** The fund password, asked before money leaves: six digits, apart from the login password. */
export const FUND_PASSWORD_PATTERN = /^[0-9]{6}$/

/** The USDT networks a user may keep an address for: TRON (TRC20) and Ethereum (ERC20). */
export const USDT_NETWORKS = ['TRC20', 'ERC20'] as const
export type UsdtNetwork = (typeof USDT_NETWORKS)[number]

/**
 * A USDT address's form per network: TRON addresses are 34 base58 characters starting with T
 * (base58 leaves out 0, O, I and l); Ethereum addresses are 0x and 40 hex digits. The server also
 * checks a TRON address's checksum (server/funds/usdt-rules.ts).
 */
export const USDT_ADDRESS_PATTERNS: Record<UsdtNetwork, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
}
