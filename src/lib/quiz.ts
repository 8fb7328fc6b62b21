/**
 * The knowledge quiz (issue 13, DESIGN.md section 4), what the phone and the server share: the
 * courseware items, the question bank's question and option ids, the published rules and the
 * score. The TEXT of every item, question and option lives in the app's quiz catalog
 * (src/features/quiz/), keyed by these ids; the ANSWER KEY lives only on the server
 * (server/quiz/bank.ts), never in the phone's code.
 *
 * - An item counts as studied once it has stayed open at least `minStudySeconds` (the server
 *   measures from its own `opened_at`, not the phone's clock).
 * - A quiz draws `questionCount` questions from the bank, each with its options shuffled.
 * - score = round(correct x 100 / questions), 0-100; a score ABOVE `passScore` passes (80 fails,
 *   90 passes with ten questions).
 * - `failLimit` failed attempts in a row: the next start waits until `cooloffHours` after the last
 *   of them. A pass enables margin trading (leverage above 1) for good.
 */

/** The courseware, in the order the screen lists it. */
export const QUIZ_ITEMS = ['leverage', 'margin', 'stop_out', 'short_selling', 'lock_period', 'fees'] as const
export type QuizItemId = (typeof QUIZ_ITEMS)[number]

export function isQuizItemId(value: string): value is QuizItemId {
  return (QUIZ_ITEMS as readonly string[]).includes(value)
}

/** One question of the bank: its item and its option ids (the order written; a quiz shuffles them). */
export type QuizQuestionSpec = { id: string; item: QuizItemId; options: readonly string[] }

/**
 * The bank, three questions per item. Option ids are unique across the bank (`<question>_<letter>`).
 * What each one says (the catalog words it; which option is right is server/quiz/bank.ts only):
 *
 * leverage_1: With 5x leverage, how much of your money does a ₹1,00,000 position hold as margin?
 *   a ₹1,00,000 · b ₹20,000 · c ₹5,000 · d ₹5,00,000
 * leverage_2: Leverage multiplies... a only your gains · b your gains and your losses alike ·
 *   c only the handling fee
 * leverage_3: Which orders need margin trading enabled (this quiz passed)?
 *   a none · b only 1x orders · c any order with leverage above 1x
 * margin_1: What is margin? a a fee the broker keeps · b the part of your money set aside to hold
 *   the position · c interest charged each day
 * margin_2: How is the margin of a position worked out? a contract amount x leverage ·
 *   b contract amount ÷ leverage · c the handling fee x leverage
 * margin_3: When you close a position, its margin... a is lost · b comes back to your available
 *   balance, with the profit added or the loss taken off · c stays locked for a year
 * stop_out_1: When is a position stopped out? a when margin plus unrealised profit or loss falls to
 *   the published share of the original margin (20%) · b at the end of every day · c whenever the
 *   price moves by 1%
 * stop_out_2: Who closes a stopped-out position? a the server, at once, at the market price ·
 *   b only you, when you choose · c customer service, after calling you
 * stop_out_3: What lowers the chance of a stop-out? a lower leverage · b higher leverage ·
 *   c more lots
 * short_selling_1: A short position makes money when the price... a rises · b falls · c stays the same
 * short_selling_2: When the price rises, the loss on a short position... a is limited to the fee ·
 *   b grows as the price rises · c is always zero
 * short_selling_3: How do you open a short position? a choose the short direction on the order
 *   ticket · b open a separate account · c take a loan first
 * lock_period_1: After a position opens, when may you close it? a at once · b once its lock period
 *   is over · c only at the end of the month
 * lock_period_2: During the lock period, can a stop-out still close the position? a yes, a
 *   stop-out closes it regardless of the lock · b no, the lock protects it · c only if you ask
 * lock_period_3: A lock of T+1 means the position can be closed... a after one hour · b from the
 *   next India trading day · c after one calendar year
 * fees_1: The handling fee is charged on... a the contract amount of each side, opening and
 *   closing · b your profit only · c once a year
 * fees_2: Stamp duty is charged on... a the buying side's contract amount · b the selling side only ·
 *   c never
 * fees_3: A higher VIP level lowers... a the handling fee · b the margin · c the stop-out level
 */
export const QUIZ_QUESTIONS: readonly QuizQuestionSpec[] = [
  q('leverage_1', 'leverage', 4),
  q('leverage_2', 'leverage', 3),
  q('leverage_3', 'leverage', 3),
  q('margin_1', 'margin', 3),
  q('margin_2', 'margin', 3),
  q('margin_3', 'margin', 3),
  q('stop_out_1', 'stop_out', 3),
  q('stop_out_2', 'stop_out', 3),
  q('stop_out_3', 'stop_out', 3),
  q('short_selling_1', 'short_selling', 3),
  q('short_selling_2', 'short_selling', 3),
  q('short_selling_3', 'short_selling', 3),
  q('lock_period_1', 'lock_period', 3),
  q('lock_period_2', 'lock_period', 3),
  q('lock_period_3', 'lock_period', 3),
  q('fees_1', 'fees', 3),
  q('fees_2', 'fees', 3),
  q('fees_3', 'fees', 3),
]

function q(id: string, item: QuizItemId, options: number): QuizQuestionSpec {
  return { id, item, options: 'abcd'.slice(0, options).split('').map((letter) => `${id}_${letter}`) }
}

export const QUIZ_QUESTION_IDS: readonly string[] = QUIZ_QUESTIONS.map((question) => question.id)

export function quizQuestion(id: string): QuizQuestionSpec | undefined {
  return QUIZ_QUESTIONS.find((question) => question.id === id)
}

/** The published rules (config quiz_min_study_seconds, quiz_pass_score, quiz_question_count, quiz_fail_limit, quiz_cooloff_hours). */
export type QuizRules = {
  minStudySeconds: number
  /** A score above this passes. */
  passScore: number
  questionCount: number
  /** Failed attempts in a row before the cool-off. */
  failLimit: number
  cooloffHours: number
}

export const DEFAULT_QUIZ_RULES: QuizRules = { minStudySeconds: 40, passScore: 80, questionCount: 10, failLimit: 2, cooloffHours: 24 }

/** round(correct x 100 / questions), an integer 0-100 (0 for an empty quiz). */
export function quizScore(correct: number, questions: number): number {
  if (questions <= 0) return 0
  return Math.round((correct * 100) / questions)
}

/** "A score above 80 passes": strictly above. */
export function quizPassed(score: number, rules: Pick<QuizRules, 'passScore'>): boolean {
  return score > rules.passScore
}
