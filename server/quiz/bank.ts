/**
 * The quiz's answer key (issue 13): the right option of every question in the bank. It lives only
 * on the server, so the phone's code never carries it; the questions, their options and what each
 * says are src/lib/quiz.ts QUIZ_QUESTIONS (their text is the app's quiz catalog). The published
 * rules the answers follow are the demo's and production's defaults (server/config.ts): leverage
 * 1, 2, 5 or 10 with margin = amount ÷ leverage, a stop-out at 20% of the margin, a lock of T+1,
 * a handling fee on both sides and stamp duty on the buying side.
 */
import { QUIZ_QUESTIONS } from '../../src/lib/quiz'

export const ANSWER_KEY: Readonly<Record<string, string>> = {
  leverage_1: 'leverage_1_b', // ₹20,000
  leverage_2: 'leverage_2_b', // gains and losses alike
  leverage_3: 'leverage_3_c', // any leverage above 1x
  margin_1: 'margin_1_b', // money set aside to hold the position
  margin_2: 'margin_2_b', // amount ÷ leverage
  margin_3: 'margin_3_b', // comes back with the profit or loss
  stop_out_1: 'stop_out_1_a', // margin + unrealised P&L falls to 20% of the margin
  stop_out_2: 'stop_out_2_a', // the server closes it at the market price
  stop_out_3: 'stop_out_3_a', // lower leverage
  short_selling_1: 'short_selling_1_b', // the price falls
  short_selling_2: 'short_selling_2_b', // the loss grows as the price rises
  short_selling_3: 'short_selling_3_a', // the short direction on the order ticket
  lock_period_1: 'lock_period_1_b', // once the lock is over
  lock_period_2: 'lock_period_2_a', // a stop-out closes it regardless of the lock
  lock_period_3: 'lock_period_3_b', // from the next India trading day
  fees_1: 'fees_1_a', // each side's contract amount
  fees_2: 'fees_2_a', // the buying side
  fees_3: 'fees_3_a', // the handling fee
}

/** The right option of a question of the bank; throws for a question the bank does not have. */
export function correctOptionOf(questionId: string): string {
  const answer = ANSWER_KEY[questionId]
  if (answer === undefined) throw new Error(`the quiz bank has no answer for question "${questionId}"`)
  return answer
}

/** Every question has exactly one key, and it is one of its own options (checked by the tests and at start). */
export function checkAnswerKey(): void {
  const ids = new Set(QUIZ_QUESTIONS.map((q) => q.id))
  for (const q of QUIZ_QUESTIONS) {
    const answer = correctOptionOf(q.id)
    if (!q.options.includes(answer)) throw new Error(`the answer "${answer}" of "${q.id}" is not one of its options`)
  }
  for (const id of Object.keys(ANSWER_KEY)) if (!ids.has(id)) throw new Error(`the answer key names "${id}", which is not in the bank`)
}
