/** TIJORI_QUIZ_STUDY_SECONDS: the browser test's short study time, and nothing else changes. */
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { quizStudyOverride } from '../../../server/main'

describe('TIJORI_QUIZ_STUDY_SECONDS', () => {
  const config = loadConfig('demo')

  it('keeps the 40 s rule when unset or empty', () => {
    expect(quizStudyOverride({}, config)).toBe(config)
    expect(quizStudyOverride({ TIJORI_QUIZ_STUDY_SECONDS: '' }, config).quiz.minStudySeconds).toBe(40)
  })

  it('sets only the study time', () => {
    const short = quizStudyOverride({ TIJORI_QUIZ_STUDY_SECONDS: '2' }, config)
    expect(short.quiz).toEqual({ ...config.quiz, minStudySeconds: 2 })
    expect({ ...short, quiz: config.quiz }).toEqual(config)
  })

  it('stops the server on a value that is not a whole number of seconds', () => {
    for (const value of ['abc', '-1', '1.5']) expect(() => quizStudyOverride({ TIJORI_QUIZ_STUDY_SECONDS: value }, config)).toThrow(/TIJORI_QUIZ_STUDY_SECONDS/)
  })
})
