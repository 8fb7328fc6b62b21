/** Borrowers for the loan tests: verified, funded, signed-in accounts, and the calls they make. */
import { sql } from 'kysely'
import { decideAndAudit } from '../../../server/reviews/service'
import { HOUSE_LOANS } from '../../../server/loan/ledger-legs'
import { type Loan } from '../../../src/contract/replies'
import { type TestApp } from '../helpers'
import { type Trader, trader } from '../trade/accounts'

let serial = 0

/** A verified account with `paise` of cash (its score, new: base 300 + identity 200 = 500, borrowable Rs 50,000). */
export async function borrower(t: TestApp, paise = 0, options: { verified?: boolean } = {}): Promise<Trader> {
  const who = await trader(t, `96${String(process.pid % 1000).padStart(3, '0')}${String(++serial).padStart(5, '0')}`, paise, { marginTrading: false })
  if (options.verified === false) await t.database.db.updateTable('users').set({ real_name_status: 'none', real_name: null }).where('id', '=', who.userId).execute()
  return who
}

export const loanOf = (res: { body: { data?: unknown } }) => res.body.data as Loan

export function calls(t: TestApp) {
  return {
    info: (who: Trader) => t.call('/loan/info', {}, { headers: who.headers }),
    apply: (who: Trader, amount: number, key: string | true = true) => t.call('/loan/apply', { amount }, { headers: who.headers, key }),
    repay: (who: Trader, id: number, amount: number, key: string | true = true) => t.call('/loan/repay', { id, amount }, { headers: who.headers, key }),
    cancel: (who: Trader, id: number, key: string | true = true) => t.call('/loan/cancel', { id }, { headers: who.headers, key }),
    credit: (who: Trader, amount: number, key: string | true = true) => t.call('/loan/credit', { amount }, { headers: who.headers, key }),
    records: (who: Trader, body: object = {}) => t.call('/loan/records', body, { headers: who.headers }),
  }
}

/** The back office's decision on a loan or a credit request, through the review queues' one path. */
export function decide(t: TestApp, kind: 'loan' | 'credit', id: number, approve: boolean, reason: string | null = approve ? null : 'Not this time') {
  return decideAndAudit(t.database.db, kind, { id, approve, reason, operator: 'tester', now: t.clock.now() })
}

/** The loan book's balance: minus what every borrower owes. */
export async function bookBalance(t: TestApp): Promise<number> {
  const { rows } = await sql<{ amount: number | string }>`select coalesce(sum(amount), 0)::bigint as amount from ledger_legs where account = ${HOUSE_LOANS}`.execute(t.database.db)
  return Number(rows[0]?.amount ?? 0)
}

/** What every loan says is owed. */
export async function owedOnBooks(t: TestApp): Promise<number> {
  const { rows } = await sql<{ owed: number | string }>`select coalesce(sum(principal_outstanding + interest_outstanding), 0)::bigint as owed from loans`.execute(t.database.db)
  return Number(rows[0]?.owed ?? 0)
}
