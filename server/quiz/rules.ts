/**
 * The knowledge quiz (issue 13), the server's rules: when an item counts as studied, when a quiz
 * may start, how one is drawn and graded, and the cool-off after failures in a row. Pure; the
 * shared ids and the score are src/lib/quiz.ts, the answer key bank.ts, the SQL repository.ts.
 *
 * Cool-off: failures are counted in a row since the last pass; every `failLimit`-th failure of a
 * run (the 2nd, the 4th, ...) makes the next start wait until `cooloffHours` after it.
 */
import { type QuizAttempt, type QuizItem, type QuizQuestion, type QuizResult } from '../../src/contract/replies'
import { type QuizItemId, type QuizRules, QUIZ_ITEMS, QUIZ_QUESTIONS, quizPassed, quizScore } from '../../src/lib/quiz'
import { DomainRefusal } from '../http/refusal'
import { HttpError } from '../plugins/envelope'
import { correctOptionOf } from './bank'

const HOUR_MS = 3_600_000

export type QuizStudyRow = { user_id: number; item_id: string; opened_at: number; studied_at: number | null }

export type QuizAttemptRow = {
  id: number
  user_id: number
  started_at: number
  submitted_at: number | null
  questions: string
  answers: string | null
  score: number | null
  passed: boolean | null
}

/** An answer as submitted and stored: null optionId for a question left blank. */
export type QuizAnswer = { questionId: string; optionId: string | null }

/** Every item in QUIZ_ITEMS order, with the caller's clock times (null where never opened). */
export function itemViews(rows: readonly QuizStudyRow[]): QuizItem[] {
  return QUIZ_ITEMS.map((id) => itemView(id, rows.find((r) => r.item_id === id)))
}

export function itemView(id: QuizItemId, row: Pick<QuizStudyRow, 'opened_at' | 'studied_at'> | undefined): QuizItem {
  return { id, openedAt: row?.opened_at ?? null, studiedAt: row?.studied_at ?? null }
}

export function attemptView(a: QuizAttemptRow): QuizAttempt {
  return { id: a.id, startedAt: a.started_at, submittedAt: a.submitted_at, score: a.score, passed: a.passed }
}

/** The questions an attempt showed, in their order, as stored in quiz_attempts.questions. */
export function shownQuestions(a: Pick<QuizAttemptRow, 'questions'>): QuizQuestion[] {
  return JSON.parse(a.questions) as QuizQuestion[]
}

export function storedAnswers(a: Pick<QuizAttemptRow, 'answers'>): QuizAnswer[] {
  return a.answers === null ? [] : (JSON.parse(a.answers) as QuizAnswer[])
}

/** /quiz/studied: refused before the item was opened, or while it has been open less than the rule. */
export function checkStudied(row: Pick<QuizStudyRow, 'opened_at' | 'studied_at'> | undefined, now: number, rules: Pick<QuizRules, 'minStudySeconds'>): DomainRefusal | null {
  if (!row) return new DomainRefusal('quiz_item_not_opened', {}, 'Open this item before marking it as studied.')
  if (row.studied_at !== null) return null
  const remainingMs = row.opened_at + rules.minStudySeconds * 1000 - now
  if (remainingMs > 0) {
    const remaining = Math.ceil(remainingMs / 1000)
    return new DomainRefusal('quiz_study_too_short', { remaining }, `This item counts as studied in ${remaining} s.`)
  }
  return null
}

export type QuizStanding = {
  passed: boolean
  /** Failed attempts since the last pass (all of them when none passed). */
  failuresInRow: number
  /** When a cool-off started by a failure ends (null when none did, even if it is over). */
  cooloffUntil: number | null
}

/** The account's standing from its submitted attempts (any order). */
export function standingOf(attempts: readonly Pick<QuizAttemptRow, 'id' | 'submitted_at' | 'passed'>[], rules: Pick<QuizRules, 'failLimit' | 'cooloffHours'>): QuizStanding {
  const submitted = attempts.filter((a) => a.submitted_at !== null).sort((a, b) => a.id - b.id)
  let passed = false
  let failuresInRow = 0
  let cooloffUntil: number | null = null
  for (const a of submitted) {
    if (a.passed) {
      passed = true
      failuresInRow = 0
      cooloffUntil = null
      continue
    }
    failuresInRow += 1
    if (rules.failLimit > 0 && failuresInRow % rules.failLimit === 0) cooloffUntil = (a.submitted_at ?? 0) + rules.cooloffHours * HOUR_MS
  }
  return { passed, failuresInRow, cooloffUntil }
}

/** While a cool-off lasts: its end; else null. */
export function nextAttemptAt(standing: QuizStanding, now: number): number | null {
  return standing.cooloffUntil !== null && standing.cooloffUntil > now ? standing.cooloffUntil : null
}

/** /quiz/start, a new draw: refused once passed, before every item is studied, and while cooling off. */
export function checkStart(r: { standing: QuizStanding; studies: readonly QuizStudyRow[]; now: number }): DomainRefusal | null {
  if (r.standing.passed) return new DomainRefusal('quiz_already_passed', {}, 'The quiz is already passed.')
  const studied = new Set(r.studies.filter((s) => s.studied_at !== null).map((s) => s.item_id))
  const missing = QUIZ_ITEMS.filter((id) => !studied.has(id)).length
  if (missing > 0) return new DomainRefusal('quiz_not_studied', { missing }, `Study every item first: ${missing} left.`)
  const until = nextAttemptAt(r.standing, r.now)
  if (until !== null) return new DomainRefusal('quiz_cooling_off', { until }, 'The quiz can be tried again after the cool-off.')
  return null
}

/** A whole number in [0, max), from a secure source in the service and a fixed one in tests. */
export type RandomInt = (max: number) => number

function shuffled<T>(items: readonly T[], random: RandomInt): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** `count` questions of the bank (all of them if it has fewer), each with its options shuffled. */
export function drawQuestions(count: number, random: RandomInt): QuizQuestion[] {
  return shuffled(QUIZ_QUESTIONS, random)
    .slice(0, Math.max(0, count))
    .map((q) => ({ id: q.id, options: shuffled(q.options, random) }))
}

export type Grade = { answers: QuizAnswer[]; results: QuizResult[]; score: number; passed: boolean }

const badAnswers = (msg: string) => new HttpError(400, 'bad_request', { field: 'answers' }, msg)

/**
 * Grades the answers against the questions shown. An answer to a question not in the attempt, to
 * one twice, or with an option the question did not show is a 400; a question left out counts as
 * wrong. The answers are stored in the order shown.
 */
export function grade(shown: readonly QuizQuestion[], given: readonly { questionId: string; optionId: string }[], rules: Pick<QuizRules, 'passScore'>): Grade {
  const byQuestion = new Map<string, string>()
  for (const a of given) {
    const question = shown.find((q) => q.id === a.questionId)
    if (!question) throw badAnswers(`Question "${a.questionId}" is not in this attempt.`)
    if (byQuestion.has(a.questionId)) throw badAnswers(`Question "${a.questionId}" is answered twice.`)
    if (!question.options.includes(a.optionId)) throw badAnswers(`"${a.optionId}" is not an option of question "${a.questionId}".`)
    byQuestion.set(a.questionId, a.optionId)
  }
  const answers: QuizAnswer[] = []
  const results: QuizResult[] = []
  let correct = 0
  for (const q of shown) {
    const optionId = byQuestion.get(q.id) ?? null
    const correctOptionId = correctOptionOf(q.id)
    const right = optionId === correctOptionId
    if (right) correct += 1
    answers.push({ questionId: q.id, optionId })
    results.push({ questionId: q.id, optionId, correct: right, correctOptionId })
  }
  const score = quizScore(correct, shown.length)
  return { answers, results, score, passed: quizPassed(score, rules) }
}

/** The results of an attempt already submitted, from what it stored. */
export function storedResults(a: Pick<QuizAttemptRow, 'questions' | 'answers'>): QuizResult[] {
  const answers = new Map(storedAnswers(a).map((x) => [x.questionId, x.optionId]))
  return shownQuestions(a).map((q) => {
    const optionId = answers.get(q.id) ?? null
    const correctOptionId = correctOptionOf(q.id)
    return { questionId: q.id, optionId, correct: optionId === correctOptionId, correctOptionId }
  })
}
