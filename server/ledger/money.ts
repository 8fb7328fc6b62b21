/**
 * Money is integer paise from the database to the reply (DESIGN.md section 4). The brand is the
 * client's own (src/lib/money.ts), so both ends mean the same by it. Whole paise are enforced
 * where amounts enter: parseInt8 for database values, buildEntry for ledger legs, Type.Integer
 * in the route schemas for requests.
 */
export { type Paise } from '../../src/lib/money'

export const CURRENCY = 'INR' as const
