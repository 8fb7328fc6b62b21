/**
 * The knowledge quiz (issue 13, DESIGN.md section 4): the study clock of each courseware item,
 * drawing a quiz, grading it, and margin trading enabled by a pass in the same transaction. Each
 * write takes the user's row lock first, so simultaneous requests of one account take turns and
 * each sees the one before (two starts cannot draw two attempts, two submits cannot grade twice).
 * The rules are rules.ts, the SQL repository.ts, the answer key bank.ts.
 */
import { randomInt } from 'node:crypto'
import { type ServerConfig } from '../config'
import { type Effect, type Executor } from '../db/executor'
import { lockUsers } from '../accounts/repository'
import { DomainRefusal } from '../http/refusal'
import { unauthorized } from '../plugins/envelope'
import { type QuizInfo, type QuizItem, type QuizStart, type QuizSubmit } from '../../src/contract/replies'
import { type QuizItemId } from '../../src/lib/quiz'
import { attemptsOf, enableMarginTrading, insertAttempt, lockAttempt, marginTradingOf, markStudied, openStudy, studiesOf, studyOf, submitAttempt } from './repository'
import {
  type QuizAttemptRow,
  type RandomInt,
  attemptView,
  checkStart,
  checkStudied,
  drawQuestions,
  grade,
  itemView,
  itemViews,
  nextAttemptAt,
  shownQuestions,
  standingOf,
  storedResults,
} from './rules'

export type QuizDeps = { db: Executor; config: ServerConfig; now: () => number; random?: RandomInt }

const secureRandom: RandomInt = (max) => randomInt(max)

export async function quizInfo(deps: QuizDeps, userId: number): Promise<QuizInfo> {
  const { db, config } = deps
  const now = deps.now()
  const [marginTrading, studies, attempts] = await Promise.all([marginTradingOf(db, userId), studiesOf(db, userId), attemptsOf(db, userId)])
  if (marginTrading === undefined) throw unauthorized()
  const standing = standingOf(attempts, config.quiz)
  return {
    items: itemViews(studies),
    attempts: attempts.map(attemptView),
    failuresInRow: standing.failuresInRow,
    nextAttemptAt: nextAttemptAt(standing, now),
    openAttemptId: attempts.find((a) => a.submitted_at === null)?.id ?? null,
    passed: standing.passed,
    marginTrading,
    rules: { ...config.quiz },
  }
}

/** /quiz/open: the item's study clock starts now (an item already studied stays as it is). */
export function openItem(deps: QuizDeps, r: { userId: number; itemId: QuizItemId }): Effect<QuizItem> {
  return async (trx) => {
    await lockUsers(trx, [r.userId])
    const row = await openStudy(trx, r.userId, r.itemId, deps.now())
    return itemView(r.itemId, row)
  }
}

/** /quiz/studied: counted once the item has been open long enough by the server's clock. */
export function studyItem(deps: QuizDeps, r: { userId: number; itemId: QuizItemId }): Effect<QuizItem> {
  return async (trx) => {
    await lockUsers(trx, [r.userId])
    const now = deps.now()
    const row = await studyOf(trx, r.userId, r.itemId)
    const refusal = checkStudied(row, now, deps.config.quiz)
    if (refusal) throw refusal
    if (row && row.studied_at !== null) return itemView(r.itemId, row)
    return itemView(r.itemId, await markStudied(trx, r.userId, r.itemId, now))
  }
}

function startReply(a: QuizAttemptRow): QuizStart {
  return { attemptId: a.id, startedAt: a.started_at, questions: shownQuestions(a) }
}

/** /quiz/start: the open attempt again, or a new draw once every item is studied and no cool-off runs. */
export function startQuiz(deps: QuizDeps, r: { userId: number }): Effect<QuizStart> {
  const { config } = deps
  return async (trx) => {
    await lockUsers(trx, [r.userId])
    const now = deps.now()
    const attempts = await attemptsOf(trx, r.userId)
    const standing = standingOf(attempts, config.quiz)
    if (standing.passed) throw new DomainRefusal('quiz_already_passed', {}, 'The quiz is already passed.')
    const open = attempts.find((a) => a.submitted_at === null)
    if (open) return startReply(open)
    const refusal = checkStart({ standing, studies: await studiesOf(trx, r.userId), now })
    if (refusal) throw refusal
    const questions = drawQuestions(config.quiz.questionCount, deps.random ?? secureRandom)
    return startReply(await insertAttempt(trx, r.userId, questions, now))
  }
}

/**
 * /quiz/submit: grades the attempt once. A pass enables margin trading in the same transaction;
 * an attempt already submitted gives its stored grading back (the answers sent again are ignored).
 */
export function submitQuiz(deps: QuizDeps, r: { userId: number; attemptId: number; answers: readonly { questionId: string; optionId: string }[] }): Effect<QuizSubmit> {
  const { config } = deps
  return async (trx) => {
    await lockUsers(trx, [r.userId])
    const now = deps.now()
    const attempt = await lockAttempt(trx, r.userId, r.attemptId)
    if (!attempt) throw new DomainRefusal('quiz_attempt_not_found', { id: r.attemptId }, 'This quiz attempt was not found.')
    let done: QuizAttemptRow
    let results
    if (attempt.submitted_at !== null) {
      done = attempt
      results = storedResults(attempt)
    } else {
      const graded = grade(shownQuestions(attempt), r.answers, config.quiz)
      done = await submitAttempt(trx, attempt.id, { answers: graded.answers, score: graded.score, passed: graded.passed, now })
      if (graded.passed) await enableMarginTrading(trx, r.userId)
      results = graded.results
    }
    const standing = standingOf(await attemptsOf(trx, r.userId), config.quiz)
    return {
      attemptId: done.id,
      score: done.score ?? 0,
      passed: done.passed ?? false,
      results,
      nextAttemptAt: nextAttemptAt(standing, now),
      marginTrading: (await marginTradingOf(trx, r.userId)) ?? false,
      submittedAt: done.submitted_at ?? now,
    }
  }
}
