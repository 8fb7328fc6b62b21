/**
 * The knowledge quiz's routes (issue 13) on a real database: the study time measured by the
 * server's clock, the draw kept on the attempt, the exact pass threshold, the cool-off after two
 * failures in a row and its end, margin trading enabled only by a pass (and an order with
 * leverage 2 refused before, accepted after), every attempt kept with what was shown and
 * answered, an idempotent submit, simultaneous starts and submits taking turns, 400s for bad
 * input, and one account never seeing another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type QuizInfo, type QuizItem, type QuizStart, type QuizSubmit } from '../../../src/contract/replies'
import { QUIZ_ITEMS, QUIZ_QUESTIONS } from '../../../src/lib/quiz'
import { ANSWER_KEY } from '../../../server/quiz/bank'
import { createTestApp, type TestApp } from '../helpers'
import { type Trader } from '../trade/accounts'
import { answersWith, calls, studyAll, taker } from './fixtures'

let t: TestApp
let api: ReturnType<typeof calls>

beforeAll(async () => {
  t = await createTestApp()
  api = calls(t)
})
afterAll(() => t.close())

const HOUR_MS = 3_600_000
const data = <T>(res: { body: { status: number; data?: unknown }; raw: string }): T => {
  expect(res.body.status, res.raw).toBe(1)
  return res.body.data as T
}

async function started(who: Trader): Promise<QuizStart> {
  return data<QuizStart>(await api.start(who))
}

async function submitted(who: Trader, right: number): Promise<QuizSubmit> {
  const quiz = await started(who)
  return data<QuizSubmit>(await api.submit(who, quiz.attemptId, answersWith(quiz, right)))
}

const marginFlag = async (who: Trader) =>
  (await t.database.db.selectFrom('users').select('margin_trading').where('id', '=', who.userId).executeTakeFirstOrThrow()).margin_trading

describe('POST /quiz/info', () => {
  it('lists every item unopened, no attempts, margin trading off and the published rules for a new account', async () => {
    const who = await taker(t)
    expect(data<QuizInfo>(await api.info(who))).toEqual({
      items: QUIZ_ITEMS.map((id) => ({ id, openedAt: null, studiedAt: null })),
      attempts: [],
      failuresInRow: 0,
      nextAttemptAt: null,
      openAttemptId: null,
      passed: false,
      marginTrading: false,
      rules: { minStudySeconds: 40, passScore: 80, questionCount: 10, failLimit: 2, cooloffHours: 24 },
    })
  })

  it('publishes the rules in /common/config', async () => {
    const res = await t.call('/common/config', {})
    const items = res.body.data as { name: string; value: string }[]
    const value = (name: string) => items.find((i) => i.name === name)?.value
    expect([value('quiz_min_study_seconds'), value('quiz_pass_score'), value('quiz_question_count'), value('quiz_fail_limit'), value('quiz_cooloff_hours')]).toEqual(['40', '80', '10', '2', '24'])
  })
})

describe('studying an item', () => {
  it('is timed by the server: 39 s after opening is refused with the seconds left, 40 s counts', async () => {
    const who = await taker(t)
    const opened = data<QuizItem>(await api.open(who, 'margin'))
    expect(opened).toEqual({ id: 'margin', openedAt: t.clock.now(), studiedAt: null })
    t.clock.advance(39_000)
    const early = await api.studied(who, 'margin')
    expect(early.body).toMatchObject({ status: 0, code: 'quiz_study_too_short', params: { remaining: 1 } })
    t.clock.advance(1_000)
    expect(data<QuizItem>(await api.studied(who, 'margin'))).toEqual({ id: 'margin', openedAt: opened.openedAt, studiedAt: t.clock.now() })
    // Studied stays studied: opening it again does not restart the clock, marking it again changes nothing.
    const studiedAt = t.clock.now()
    t.clock.advance(5_000)
    expect(data<QuizItem>(await api.open(who, 'margin'))).toEqual({ id: 'margin', openedAt: opened.openedAt, studiedAt })
    expect(data<QuizItem>(await api.studied(who, 'margin'))).toEqual({ id: 'margin', openedAt: opened.openedAt, studiedAt })
    const info = data<QuizInfo>(await api.info(who))
    expect(info.items.find((i) => i.id === 'margin')).toEqual({ id: 'margin', openedAt: opened.openedAt, studiedAt })
  })

  it('refuses an item never opened, and opening again restarts the clock of one not yet studied', async () => {
    const who = await taker(t)
    expect((await api.studied(who, 'fees')).body).toMatchObject({ status: 0, code: 'quiz_item_not_opened' })
    await api.open(who, 'fees')
    t.clock.advance(30_000)
    await api.open(who, 'fees')
    t.clock.advance(30_000)
    expect((await api.studied(who, 'fees')).body).toMatchObject({ status: 0, code: 'quiz_study_too_short', params: { remaining: 10 } })
    t.clock.advance(10_000)
    expect(data<QuizItem>(await api.studied(who, 'fees')).studiedAt).toBe(t.clock.now())
  })

  it('answers 400 for an item id not in the courseware, and for a missing idempotency key', async () => {
    const who = await taker(t)
    expect((await api.open(who, 'astrology')).statusCode).toBe(400)
    expect((await api.studied(who, '')).statusCode).toBe(400)
    expect((await t.call('/quiz/open', { itemId: 'fees' }, { headers: who.headers })).statusCode).toBe(400)
  })
})

describe('starting a quiz', () => {
  it('is refused until every item is studied, naming how many are left', async () => {
    const who = await taker(t)
    expect((await api.start(who)).body).toMatchObject({ status: 0, code: 'quiz_not_studied', params: { missing: 6 } })
    await api.open(who, 'leverage')
    t.clock.advance(40_000)
    await api.studied(who, 'leverage')
    expect((await api.start(who)).body).toMatchObject({ status: 0, code: 'quiz_not_studied', params: { missing: 5 } })
  })

  it("draws 10 different questions of the bank with each one's options shuffled, keeps them on the attempt, and gives the open attempt back", async () => {
    const who = await taker(t)
    await studyAll(t, who)
    const quiz = await started(who)
    expect(quiz.startedAt).toBe(t.clock.now())
    expect(quiz.questions).toHaveLength(10)
    expect(new Set(quiz.questions.map((q) => q.id)).size).toBe(10)
    for (const q of quiz.questions) expect([...q.options].sort()).toEqual([...QUIZ_QUESTIONS.find((b) => b.id === q.id)!.options].sort())
    t.clock.advance(60_000)
    expect(await started(who)).toEqual(quiz)
    const row = await t.database.db.selectFrom('quiz_attempts').selectAll().where('user_id', '=', who.userId).executeTakeFirstOrThrow()
    expect(JSON.parse(row.questions)).toEqual(quiz.questions)
    expect(row).toMatchObject({ started_at: quiz.startedAt, submitted_at: null, answers: null, score: null, passed: null })
    expect(data<QuizInfo>(await api.info(who)).openAttemptId).toBe(quiz.attemptId)
  })
})

describe('submitting a quiz', () => {
  it('fails at exactly 80 (8 of 10) and passes at 90 (9 of 10); the pass enables margin trading, and no further quiz starts', async () => {
    const who = await taker(t)
    await studyAll(t, who)
    const first = await submitted(who, 8)
    expect(first).toMatchObject({ score: 80, passed: false, nextAttemptAt: null, marginTrading: false })
    expect(first.results.filter((r) => r.correct)).toHaveLength(8)
    for (const r of first.results) expect(r.correctOptionId).toBe(ANSWER_KEY[r.questionId])
    expect(await marginFlag(who)).toBe(false)

    const second = await submitted(who, 9)
    expect(second).toMatchObject({ score: 90, passed: true, nextAttemptAt: null, marginTrading: true })
    expect(await marginFlag(who)).toBe(true)
    expect((await api.start(who)).body).toMatchObject({ status: 0, code: 'quiz_already_passed' })
    const info = data<QuizInfo>(await api.info(who))
    expect(info).toMatchObject({ passed: true, marginTrading: true, failuresInRow: 0, nextAttemptAt: null, openAttemptId: null })
    expect(info.attempts.map((a) => [a.id, a.score, a.passed])).toEqual([
      [second.attemptId, 90, true],
      [first.attemptId, 80, false],
    ])
  })

  it('waits 24 hours after the second failure in a row, then lets the next attempt start', async () => {
    const who = await taker(t)
    await studyAll(t, who)
    const first = await submitted(who, 0)
    expect(first).toMatchObject({ score: 0, passed: false, nextAttemptAt: null })
    t.clock.advance(HOUR_MS)
    const second = await submitted(who, 5)
    const until = second.submittedAt + 24 * HOUR_MS
    expect(second).toMatchObject({ score: 50, passed: false, nextAttemptAt: until })
    expect((await api.start(who)).body).toMatchObject({ status: 0, code: 'quiz_cooling_off', params: { until } })
    expect(data<QuizInfo>(await api.info(who))).toMatchObject({ failuresInRow: 2, nextAttemptAt: until })
    t.clock.set(until - 1)
    expect((await api.start(who)).body).toMatchObject({ status: 0, code: 'quiz_cooling_off', params: { until } })
    t.clock.set(until)
    expect(data<QuizInfo>(await api.info(who)).nextAttemptAt).toBeNull()
    const third = await submitted(who, 10)
    expect(third).toMatchObject({ score: 100, passed: true, marginTrading: true })
  })

  it('keeps every attempt with what was shown, what was answered, the times and the outcome', async () => {
    const who = await taker(t)
    await studyAll(t, who)
    const quiz = await started(who)
    t.clock.advance(90_000)
    // Three answered (two right), the rest left blank.
    const answers = answersWith(quiz, 2).slice(0, 3)
    const result = data<QuizSubmit>(await api.submit(who, quiz.attemptId, answers))
    expect(result.score).toBe(20)
    const row = await t.database.db.selectFrom('quiz_attempts').selectAll().where('id', '=', quiz.attemptId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ user_id: who.userId, started_at: quiz.startedAt, submitted_at: quiz.startedAt + 90_000, score: 20, passed: false })
    expect(JSON.parse(row.questions)).toEqual(quiz.questions)
    expect(JSON.parse(row.answers!)).toEqual(quiz.questions.map((q, n) => ({ questionId: q.id, optionId: answers[n]?.optionId ?? null })))
    expect(result.results.map((r) => r.optionId)).toEqual(quiz.questions.map((_, n) => answers[n]?.optionId ?? null))
  })

  it('is idempotent: the same key replays the reply, another key on a submitted attempt gives its grading back unchanged', async () => {
    const who = await taker(t)
    await studyAll(t, who)
    const quiz = await started(who)
    const key = crypto.randomUUID()
    const once = await api.submit(who, quiz.attemptId, answersWith(quiz, 8), key)
    const again = await api.submit(who, quiz.attemptId, answersWith(quiz, 8), key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.raw).toBe(once.raw)
    t.clock.advance(5_000)
    const other = data<QuizSubmit>(await api.submit(who, quiz.attemptId, answersWith(quiz, 10)))
    expect(other).toEqual(data<QuizSubmit>(once))
    const rows = await t.database.db.selectFrom('quiz_attempts').select(['score', 'passed']).where('user_id', '=', who.userId).execute()
    expect(rows).toEqual([{ score: 80, passed: false }])
    expect(await marginFlag(who)).toBe(false)
  })

  it('answers 400 for an answer to a question not in the attempt or an option it did not show, and grades nothing', async () => {
    const who = await taker(t)
    await studyAll(t, who)
    const quiz = await started(who)
    const notShown = QUIZ_QUESTIONS.find((q) => !quiz.questions.some((s) => s.id === q.id))!
    const bad = await api.submit(who, quiz.attemptId, [...answersWith(quiz, 10), { questionId: notShown.id, optionId: ANSWER_KEY[notShown.id]! }])
    expect(bad.statusCode, bad.raw).toBe(400)
    const first = quiz.questions[0]!
    const wrongOption = await api.submit(who, quiz.attemptId, [{ questionId: first.id, optionId: ANSWER_KEY[notShown.id]! }])
    expect(wrongOption.statusCode).toBe(400)
    expect((await api.submit(who, quiz.attemptId, [{ questionId: 'DROP TABLE', optionId: 'x' }])).statusCode).toBe(400)
    expect((await t.call('/quiz/submit', { attemptId: 0, answers: [] }, { headers: who.headers, key: true })).statusCode).toBe(400)
    const row = await t.database.db.selectFrom('quiz_attempts').selectAll().where('id', '=', quiz.attemptId).executeTakeFirstOrThrow()
    expect(row.submitted_at).toBeNull()
    expect(await marginFlag(who)).toBe(false)
  })
})

describe('simultaneous requests', () => {
  it('two starts at once draw one attempt, and two submits at once grade it once', async () => {
    const who = await taker(t)
    await studyAll(t, who)
    const [s1, s2] = await Promise.all([api.start(who), api.start(who)])
    expect(data<QuizStart>(s1)).toEqual(data<QuizStart>(s2))
    const quiz = data<QuizStart>(s1)
    const [r1, r2] = await Promise.all([api.submit(who, quiz.attemptId, answersWith(quiz, 9)), api.submit(who, quiz.attemptId, answersWith(quiz, 2))])
    expect(data<QuizSubmit>(r1)).toEqual(data<QuizSubmit>(r2))
    const rows = await t.database.db.selectFrom('quiz_attempts').select(['id', 'score']).where('user_id', '=', who.userId).execute()
    expect(rows).toHaveLength(1)
    expect([90, 20]).toContain(rows[0]!.score)
  })
})

describe('margin trading', () => {
  it('an order with leverage 2 is refused before the pass and accepted after it, and a failure enables nothing', async () => {
    const who = await taker(t, 50_000_000)
    const order = () => t.call('/order/create', { symbol: 'RELIANCE', type: 'market', direction: 'long', lots: 1, leverage: 2 }, { headers: who.headers, key: true })
    expect((await order()).body).toMatchObject({ status: 0, code: 'margin_trading_disabled' })
    await studyAll(t, who)
    await submitted(who, 3)
    expect((await order()).body).toMatchObject({ status: 0, code: 'margin_trading_disabled' })
    await submitted(who, 10)
    const accepted = await order()
    expect(accepted.body.status, accepted.raw).toBe(1)
  })
})

describe('isolation', () => {
  it("one account cannot submit another's attempt nor see its items or attempts", async () => {
    const a = await taker(t)
    const b = await taker(t)
    await studyAll(t, a)
    const quiz = await started(a)
    const stolen = await api.submit(b, quiz.attemptId, answersWith(quiz, 10))
    expect(stolen.body).toMatchObject({ status: 0, code: 'quiz_attempt_not_found', params: { id: quiz.attemptId } })
    const info = data<QuizInfo>(await api.info(b))
    expect(info.attempts).toEqual([])
    expect(info.items.every((i) => i.openedAt === null)).toBe(true)
    expect((await api.start(b)).body).toMatchObject({ status: 0, code: 'quiz_not_studied', params: { missing: 6 } })
    const row = await t.database.db.selectFrom('quiz_attempts').selectAll().where('id', '=', quiz.attemptId).executeTakeFirstOrThrow()
    expect(row.submitted_at).toBeNull()
  })

  it('every quiz route needs a session', async () => {
    for (const path of ['/quiz/info', '/quiz/open', '/quiz/studied', '/quiz/start', '/quiz/submit']) {
      expect((await t.call(path, {}, { key: true })).statusCode, path).toBe(401)
    }
  })
})
