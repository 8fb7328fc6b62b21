/**
 * The knowledge quiz (issue 13). Stored in db.meta, per account (forgetAccount removes it):
 * - `quizInfo:<account>`: /quiz/info, which items are studied, every attempt with its score, the
 *   cool-off and whether margin trading is on, so the screen opens offline with its ticks.
 * Nothing else is kept. Opening an item, marking it studied, starting and submitting are calls made
 * while online, never queued in the outbox: the server times the study from its own clock, so a
 * study "sent later" would mean nothing, and a quiz is answered against the server's draw. A quiz
 * left half-answered is not lost either: /quiz/start gives the open attempt back.
 * Each call carries an Idempotency-Key, so a retried submit is graded once.
 */
import { type QuizAttempt, type QuizInfo, type QuizItem, type QuizQuestion, type QuizResult, type QuizStart, type QuizSubmit } from '../contract/replies'
import { type QuizItemId } from '../lib/quiz'
import { randomUuid } from '../lib/uuid'
import { call } from './api'
import { db, metaKeys, readMeta } from './db'
import { restoreAccountMeta } from './metaValues'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh, refreshUserInfo } from './sync'

export type { QuizAttempt, QuizInfo, QuizItem, QuizQuestion, QuizResult, QuizStart, QuizSubmit }

export const quizInfoKey = metaKeys.quizInfo

/** Fetches /quiz/info of the signed-in account into db.meta. Quiet offline; undefined when signed out. */
export async function refreshQuizInfo(opts: { fresh?: boolean } = {}): Promise<QuizInfo | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  const key = quizInfoKey(account)
  return offlineIsFine(
    refresh(
      key,
      async () => {
        const info = await call<QuizInfo>('/quiz/info', {})
        // The user may have signed out while the request was out; do not bring their data back.
        if (getSession()?.account === account) await db.meta.put({ key, value: info, updatedAt: Date.now() })
        return info
      },
      opts,
    ),
  )
}

/** The stored /quiz/info of `account`; null when never fetched here. Live-query friendly. */
export function storedQuizInfo(account: string): Promise<QuizInfo | null> {
  return readMeta(quizInfoKey(account), restoreAccountMeta.quizInfo)
}

/** Puts one item's new state into the stored info at once, so the tick shows before the refresh. */
async function storeItem(account: string, item: QuizItem): Promise<void> {
  const key = quizInfoKey(account)
  await db.transaction('rw', db.meta, async () => {
    const info = await storedQuizInfo(account)
    if (!info || getSession()?.account !== account) return
    const items = info.items.map((i) => (i.id === item.id ? item : i))
    await db.meta.put({ key, value: { ...info, items }, updatedAt: Date.now() })
  })
}

async function callAndStore(path: '/quiz/open' | '/quiz/studied', itemId: QuizItemId): Promise<QuizItem> {
  const account = getSession()?.account
  const item = await call<QuizItem>(path, { itemId }, { idempotencyKey: randomUuid(), silent: true })
  if (account) await storeItem(account, item)
  return item
}

/** Starts the item's study clock on the server (kept as it is once studied). Online only. */
export function openQuizItem(itemId: QuizItemId): Promise<QuizItem> {
  return callAndStore('/quiz/open', itemId)
}

/** Asks the server to count the item as studied; it refuses while the item has been open too briefly. */
export function markQuizItemStudied(itemId: QuizItemId): Promise<QuizItem> {
  return callAndStore('/quiz/studied', itemId)
}

/** Draws a quiz, or gets the open attempt back; refused until every item is studied, while cooling off, or once passed. */
export async function startQuiz(): Promise<QuizStart> {
  return call<QuizStart>('/quiz/start', {}, { idempotencyKey: randomUuid(), silent: true })
}

export type QuizAnswer = { questionId: string; optionId: string }

/**
 * Hands in the answers under `key` (one per attempt: a resend after a lost reply is the same
 * submission, graded once). Then the info and /user/info (the margin-trading flag) are fetched again.
 */
export async function submitQuiz(attemptId: number, answers: readonly QuizAnswer[], key: string): Promise<QuizSubmit> {
  const result = await call<QuizSubmit>('/quiz/submit', { attemptId, answers }, { idempotencyKey: key, silent: true })
  await Promise.all([refreshQuizInfo({ fresh: true }), refreshUserInfo({ fresh: true })]).catch(() => undefined)
  return result
}
