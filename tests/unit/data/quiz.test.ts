/**
 * The knowledge quiz on the device (issue 13): the account's /quiz/info kept in db.meta and read
 * back through its restorer, so the lessons' ticks and the attempts open offline and go at logout.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { db, metaKeyAccount, metaKeys } from '../../../src/data/db'
import { storedQuizInfo } from '../../../src/data/quiz'
import { type QuizInfo } from '../../../src/contract/replies'
import { DEFAULT_QUIZ_RULES, QUIZ_ITEMS } from '../../../src/lib/quiz'

const A = '9811111313'
const info: QuizInfo = {
  items: QUIZ_ITEMS.map((id, i) => ({ id, openedAt: 1_700_000_000_000 + i, studiedAt: i < 2 ? 1_700_000_040_000 + i : null })),
  attempts: [
    { id: 2, startedAt: 1_700_000_100_000, submittedAt: null, score: null, passed: null },
    { id: 1, startedAt: 1_700_000_050_000, submittedAt: 1_700_000_060_000, score: 80, passed: false },
  ],
  failuresInRow: 1,
  nextAttemptAt: null,
  openAttemptId: 2,
  passed: false,
  marginTrading: false,
  rules: DEFAULT_QUIZ_RULES,
}

describe('the quiz on the device', () => {
  beforeEach(async () => {
    await db.meta.clear()
  })

  it('reads back what was stored, and null for what never was', async () => {
    expect(await storedQuizInfo(A)).toBeNull()
    await db.meta.put({ key: metaKeys.quizInfo(A), value: info, updatedAt: 1 })
    expect(await storedQuizInfo(A)).toEqual(info)
  })

  it('drops a lesson or an attempt it cannot repair and keeps the rest; a row without its rules is never fetched', async () => {
    const damaged = { ...info, items: [...info.items, { id: 'astrology', openedAt: null, studiedAt: null }], attempts: [...info.attempts, { id: 'x' }], legacy: 1 }
    await db.meta.put({ key: metaKeys.quizInfo(A), value: damaged, updatedAt: 1 })
    expect(await storedQuizInfo(A)).toEqual(info)
    const { rules: _rules, ...withoutRules } = info
    await db.meta.put({ key: metaKeys.quizInfo(A), value: withoutRules, updatedAt: 1 })
    expect(await storedQuizInfo(A)).toBeNull()
  })

  it('files the quiz under the account, so it goes at logout', () => {
    expect(metaKeyAccount(metaKeys.quizInfo(A))).toBe(A)
    expect(metaKeyAccount(metaKeys.synced(metaKeys.quizInfo(A)))).toBe(A)
  })
})
