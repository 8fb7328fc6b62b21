/**
 * The quiz's words match the bank the server draws from (src/lib/quiz.ts): every lesson, question
 * and option has its text, and nothing is worded that the bank no longer has. A question without
 * its text would show its bare id in the middle of a quiz.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ITEM_TEXTS, OPTION_TEXTS, QUESTION_TEXTS, type TaughtNumbers } from '../../../../src/features/quiz/courseware'
import { activateLanguage, i18n, loadArea } from '../../../../src/i18n/setup'
import { QUIZ_ITEMS, QUIZ_QUESTIONS } from '../../../../src/lib/quiz'

const numbers: TaughtNumbers = { stopOutPct: 20, feeRate: '0.03%', minFee: '₹10.00', stampDuty: '0.015%', lock: { unit: 'trading_days', count: 1 } }

describe('the quiz courseware', () => {
  afterEach(async () => activateLanguage('en'))

  it('words every lesson, question and option of the bank, and nothing else', () => {
    expect(Object.keys(ITEM_TEXTS).sort()).toEqual([...QUIZ_ITEMS].sort())
    expect(Object.keys(QUESTION_TEXTS).sort()).toEqual(QUIZ_QUESTIONS.map((q) => q.id).sort())
    expect(Object.keys(OPTION_TEXTS).sort()).toEqual(QUIZ_QUESTIONS.flatMap((q) => q.options).sort())
  })

  it('names the published numbers in the lessons: the stop-out share, the fees and the lock', () => {
    const text = (id: keyof typeof ITEM_TEXTS, n: TaughtNumbers) => ITEM_TEXTS[id].paragraphs(n).map((p) => i18n._(p)).join(' ')
    expect(text('stop_out', numbers)).toContain('20% of the original margin')
    expect(text('fees', numbers)).toMatch(/0\.03% of the contract amount.*at least ₹10\.00.*Stamp duty of 0\.015%/)
    expect(text('lock_period', numbers)).toContain('(T+1)')
    expect(text('lock_period', { ...numbers, lock: { unit: 'minutes', count: 30 } })).toContain('locked for 30 minutes')
  })

  it.each(['tw', 'kr', 'yd'] as const)('reads every question and option in %s once the quiz catalog is loaded', async (language) => {
    await activateLanguage(language)
    await loadArea('quiz')
    for (const descriptor of [...Object.values(QUESTION_TEXTS), ...Object.values(OPTION_TEXTS), ...Object.values(ITEM_TEXTS).map((t) => t.title)]) {
      const read = i18n._(descriptor)
      // A missing translation falls back to the message id (or the English source).
      expect(read, descriptor.message).not.toBe(descriptor.id)
      if (!/^₹[\d,]+$/.test(descriptor.message ?? '')) expect(read, descriptor.message).not.toBe(descriptor.message)
    }
  })
})
