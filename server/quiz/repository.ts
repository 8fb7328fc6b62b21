/**
 * The knowledge quiz's SQL (issue 13): each item's study clock and the attempts. The rules are
 * rules.ts, the operations service.ts.
 */
import { type Executor, type Tx } from '../db/executor'
import { type QuizAnswer, type QuizAttemptRow, type QuizStudyRow } from './rules'
import { type QuizQuestion } from '../../src/contract/replies'

export async function studiesOf(db: Executor, userId: number): Promise<QuizStudyRow[]> {
  return db.selectFrom('quiz_studies').selectAll().where('user_id', '=', userId).execute()
}

export async function studyOf(db: Executor, userId: number, itemId: string): Promise<QuizStudyRow | undefined> {
  return db.selectFrom('quiz_studies').selectAll().where('user_id', '=', userId).where('item_id', '=', itemId).executeTakeFirst()
}

/** Starts the item's study clock now, unless the item is already studied (then it stays as it is). */
export async function openStudy(trx: Tx, userId: number, itemId: string, now: number): Promise<QuizStudyRow> {
  const row = await trx
    .insertInto('quiz_studies')
    .values({ user_id: userId, item_id: itemId, opened_at: now, studied_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doUpdateSet({ opened_at: now }).where('quiz_studies.studied_at', 'is', null))
    .returningAll()
    .executeTakeFirst()
  return row ?? (await trx.selectFrom('quiz_studies').selectAll().where('user_id', '=', userId).where('item_id', '=', itemId).executeTakeFirstOrThrow())
}

export async function markStudied(trx: Tx, userId: number, itemId: string, now: number): Promise<QuizStudyRow> {
  return trx
    .updateTable('quiz_studies')
    .set({ studied_at: now })
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .where('studied_at', 'is', null)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Every attempt of the account, newest first. */
export async function attemptsOf(db: Executor, userId: number): Promise<QuizAttemptRow[]> {
  return db.selectFrom('quiz_attempts').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute()
}

/** The caller's attempt, locked for this transaction (another's is not found). */
export async function lockAttempt(trx: Tx, userId: number, id: number): Promise<QuizAttemptRow | undefined> {
  return trx.selectFrom('quiz_attempts').selectAll().where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst()
}

export async function insertAttempt(trx: Tx, userId: number, questions: readonly QuizQuestion[], now: number): Promise<QuizAttemptRow> {
  return trx
    .insertInto('quiz_attempts')
    .values({ user_id: userId, started_at: now, submitted_at: null, questions: JSON.stringify(questions), answers: null, score: null, passed: null })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function submitAttempt(trx: Tx, id: number, r: { answers: readonly QuizAnswer[]; score: number; passed: boolean; now: number }): Promise<QuizAttemptRow> {
  return trx
    .updateTable('quiz_attempts')
    .set({ submitted_at: r.now, answers: JSON.stringify(r.answers), score: r.score, passed: r.passed })
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function enableMarginTrading(trx: Tx, userId: number): Promise<void> {
  await trx.updateTable('users').set({ margin_trading: true }).where('id', '=', userId).execute()
}

export async function marginTradingOf(db: Executor, userId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom('users').select('margin_trading').where('id', '=', userId).executeTakeFirst()
  return row?.margin_trading
}
