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
