/** Quiz takers: verified, signed-in accounts without margin trading, and the calls they make. */
import { type QuizStart } from '../../../src/contract/replies'
import { QUIZ_ITEMS, quizQuestion } from '../../../src/lib/quiz'
import { ANSWER_KEY } from '../../../server/quiz/bank'
import { type TestApp } from '../helpers'
import { type Trader, trader } from '../trade/accounts'

let serial = 0

/** A verified account with `paise` of cash and margin trading off. */
export function taker(t: TestApp, paise = 0): Promise<Trader> {
  return trader(t, `93${String(process.pid % 1000).padStart(3, '0')}${String(++serial).padStart(5, '0')}`, paise, { marginTrading: false })
}

export function calls(t: TestApp) {
  return {
    info: (who: Trader) => t.call('/quiz/info', {}, { headers: who.headers }),
    open: (who: Trader, itemId: string, key: string | true = true) => t.call('/quiz/open', { itemId }, { headers: who.headers, key }),
    studied: (who: Trader, itemId: string, key: string | true = true) => t.call('/quiz/studied', { itemId }, { headers: who.headers, key }),
    start: (who: Trader, key: string | true = true) => t.call('/quiz/start', {}, { headers: who.headers, key }),
    submit: (who: Trader, attemptId: number, answers: readonly { questionId: string; optionId: string }[], key: string | true = true) =>
      t.call('/quiz/submit', { attemptId, answers }, { headers: who.headers, key }),
  }
}

/** Opens every item, waits the published study time on the test clock, and marks each studied. */
export async function studyAll(t: TestApp, who: Trader): Promise<void> {
  const api = calls(t)
  for (const id of QUIZ_ITEMS) expect200(await api.open(who, id))
  t.clock.advance(t.config.quiz.minStudySeconds * 1000)
  for (const id of QUIZ_ITEMS) expect200(await api.studied(who, id))
}

function expect200(res: { statusCode: number; body: { status: number }; raw: string }): void {
  if (res.statusCode !== 200 || res.body.status !== 1) throw new Error(`quiz call failed: ${res.raw}`)
}

/** A wrong option of a question as shown. */
export function wrongOption(questionId: string): string {
  const spec = quizQuestion(questionId)!
  return spec.options.find((o) => o !== ANSWER_KEY[questionId])!
}

/** Answers the first `right` questions shown correctly and the rest wrongly. */
export function answersWith(start: QuizStart, right: number): { questionId: string; optionId: string }[] {
  return start.questions.map((q, n) => ({ questionId: q.id, optionId: n < right ? ANSWER_KEY[q.id]! : wrongOption(q.id) }))
}
