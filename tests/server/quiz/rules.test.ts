/** The quiz's pure rules: the bank and its answer key, the score, the draw and the cool-off count. */
import { describe, expect, it } from 'vitest'
import { DEFAULT_QUIZ_RULES, QUIZ_ITEMS, QUIZ_QUESTIONS, quizPassed, quizScore } from '../../../src/lib/quiz'
import { ANSWER_KEY, checkAnswerKey } from '../../../server/quiz/bank'
import { type QuizAttemptRow, drawQuestions, grade, standingOf } from '../../../server/quiz/rules'

describe('the bank', () => {
  it('has three questions per item, each with 3 or 4 options, ids unique across the bank', () => {
    expect(QUIZ_QUESTIONS).toHaveLength(18)
    for (const item of QUIZ_ITEMS) expect(QUIZ_QUESTIONS.filter((q) => q.item === item)).toHaveLength(3)
    for (const q of QUIZ_QUESTIONS) expect(q.options.length).toBeGreaterThanOrEqual(3)
    for (const q of QUIZ_QUESTIONS) expect(q.options.length).toBeLessThanOrEqual(4)
    const ids = [...QUIZ_QUESTIONS.map((q) => q.id), ...QUIZ_QUESTIONS.flatMap((q) => q.options)]
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('has one answer per question, one of its own options, and none for anything else', () => {
    expect(() => checkAnswerKey()).not.toThrow()
    expect(Object.keys(ANSWER_KEY).sort()).toEqual(QUIZ_QUESTIONS.map((q) => q.id).sort())
  })
})

describe('the score', () => {
  it('is round(correct x 100 / questions), and only a score above 80 passes', () => {
    expect(quizScore(8, 10)).toBe(80)
    expect(quizScore(9, 10)).toBe(90)
    expect(quizScore(2, 3)).toBe(67)
    expect(quizScore(0, 0)).toBe(0)
    expect(quizPassed(80, DEFAULT_QUIZ_RULES)).toBe(false)
    expect(quizPassed(81, DEFAULT_QUIZ_RULES)).toBe(true)
    expect(quizPassed(90, DEFAULT_QUIZ_RULES)).toBe(true)
  })
})

describe('drawQuestions', () => {
  it('takes `count` different questions, each option list a permutation of its own', () => {
    let seed = 7
    const random = (max: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % max
    const drawn = drawQuestions(10, random)
    expect(drawn).toHaveLength(10)
    expect(new Set(drawn.map((q) => q.id)).size).toBe(10)
    for (const q of drawn) expect([...q.options].sort()).toEqual([...QUIZ_QUESTIONS.find((b) => b.id === q.id)!.options].sort())
    expect(drawQuestions(100, random)).toHaveLength(QUIZ_QUESTIONS.length)
  })
})

describe('grade', () => {
  const shown = drawQuestions(10, () => 0)

  it('counts a question left out as wrong and keeps the answers in the order shown', () => {
    const g = grade(shown, [{ questionId: shown[3]!.id, optionId: ANSWER_KEY[shown[3]!.id]! }], DEFAULT_QUIZ_RULES)
    expect(g.score).toBe(10)
    expect(g.passed).toBe(false)
    expect(g.answers.map((a) => a.questionId)).toEqual(shown.map((q) => q.id))
    expect(g.results[3]).toEqual({ questionId: shown[3]!.id, optionId: ANSWER_KEY[shown[3]!.id], correct: true, correctOptionId: ANSWER_KEY[shown[3]!.id] })
    expect(g.results[0]).toMatchObject({ optionId: null, correct: false })
  })

  it('refuses with 400 an answer to a question not shown, one twice, and an option not shown', () => {
    const notShown = QUIZ_QUESTIONS.find((q) => !shown.some((s) => s.id === q.id))!
    const first = shown[0]!
    expect(() => grade(shown, [{ questionId: notShown.id, optionId: notShown.options[0]! }], DEFAULT_QUIZ_RULES)).toThrow(expect.objectContaining({ statusCode: 400 }))
    const twice = [{ questionId: first.id, optionId: first.options[0]! }, { questionId: first.id, optionId: first.options[1]! }]
    expect(() => grade(shown, twice, DEFAULT_QUIZ_RULES)).toThrow(expect.objectContaining({ statusCode: 400 }))
    expect(() => grade(shown, [{ questionId: first.id, optionId: notShown.options[0]! }], DEFAULT_QUIZ_RULES)).toThrow(expect.objectContaining({ statusCode: 400 }))
  })
})

describe('standingOf', () => {
  const at = (id: number, passed: boolean | null): Pick<QuizAttemptRow, 'id' | 'submitted_at' | 'passed'> => ({ id, submitted_at: passed === null ? null : id * 1000, passed })
  const H24 = 24 * 3_600_000

  it('counts failures in a row since the last pass; every second one starts a cool-off', () => {
    expect(standingOf([], DEFAULT_QUIZ_RULES)).toEqual({ passed: false, failuresInRow: 0, cooloffUntil: null })
    expect(standingOf([at(1, false)], DEFAULT_QUIZ_RULES)).toEqual({ passed: false, failuresInRow: 1, cooloffUntil: null })
    expect(standingOf([at(2, false), at(1, false)], DEFAULT_QUIZ_RULES)).toEqual({ passed: false, failuresInRow: 2, cooloffUntil: 2000 + H24 })
    // After the cool-off one more failure does not start another; the next one does.
    expect(standingOf([at(1, false), at(2, false), at(3, false)], DEFAULT_QUIZ_RULES).cooloffUntil).toBe(2000 + H24)
    expect(standingOf([at(1, false), at(2, false), at(3, false), at(4, false)], DEFAULT_QUIZ_RULES).cooloffUntil).toBe(4000 + H24)
    // A pass ends the run; an open attempt counts for nothing.
    expect(standingOf([at(1, false), at(2, true), at(3, false), at(4, null)], DEFAULT_QUIZ_RULES)).toEqual({ passed: true, failuresInRow: 1, cooloffUntil: null })
  })
})
