/**
 * Withdrawals (issue 4): `withdrawals` rows (card, amount in paise, review status). Their money
 * moves only through ledger entries, which withdrawal-service.ts posts with these writes: frozen
 * at the request, paid or unfrozen at the decision. Every read a user causes is scoped by their
 * user id.
 */
import { type Executor, type Tx } from '../db/executor'
import { type Withdrawal } from '../../src/contract/replies'

// The rows as the app receives them (src/contract/replies.ts).
export type { Withdrawal }

const COLUMNS = ['id', 'card_id as cardId', 'amount', 'status', 'reason', 'created_at as createdAt', 'decided_at as decidedAt'] as const

/** Whether the user has a withdrawal waiting for its review (read under the user's lock). */
export async function hasPendingWithdrawal(trx: Tx, userId: number): Promise<boolean> {
  const row = await trx.selectFrom('withdrawals').select('id').where('user_id', '=', userId).where('status', '=', 'pending').limit(1).executeTakeFirst()
  return row !== undefined
}

/** Records the request; the caller holds the user's lock (lockTrader) and freezes the amount. */
export async function insertWithdrawal(trx: Tx, w: { userId: number; cardId: number; amount: number; now: number }): Promise<Withdrawal> {
  return trx
    .insertInto('withdrawals')
    .values({ user_id: w.userId, card_id: w.cardId, amount: w.amount, created_at: w.now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
}

export async function withdrawalsOf(db: Executor, userId: number, limit = 50): Promise<Withdrawal[]> {
  return db.selectFrom('withdrawals').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute()
}

/**
 * Marks a pending withdrawal decided; returns whose it is and its amount, or undefined when it is
 * no longer pending (the status guard makes a second decision change nothing).
 */
export async function markWithdrawalDecided(
  trx: Tx,
  d: { id: number; approve: boolean; reason: string | null; operator: string; now: number },
): Promise<{ userId: number; amount: number } | undefined> {
  return trx
    .updateTable('withdrawals')
    .set({ status: d.approve ? 'approved' : 'rejected', reason: d.reason, decided_by: d.operator, decided_at: d.now })
    .where('id', '=', d.id)
    .where('status', '=', 'pending')
    .returning(['user_id as userId', 'amount'])
    .executeTakeFirst()
}
