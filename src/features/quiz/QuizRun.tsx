import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { errorText } from '../../app/errors'
import { useAttemptKey } from '../../app/idempotency'
import { useOnline } from '../../app/useOnline'
import { type QuizStart, type QuizSubmit, submitQuiz } from '../../data/quiz'
import { formatDateTime } from '../../lib/dates'
import { type QuizRules } from '../../lib/quiz'
import { OPTION_TEXTS, QUESTION_TEXTS } from './courseware'

/**
 * The questions of one attempt in the order the server drew them, each with its options in the
 * attempt's shuffled order; every question answered before handing in. The server grades.
 */
export function QuizQuestions({ quiz, rules, onSubmitted }: { quiz: QuizStart; rules: QuizRules; onSubmitted: (result: QuizSubmit) => void }) {
  const { i18n } = useLingui()
  const online = useOnline()
  const attempt = useAttemptKey()
  const [answers, setAnswers] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const answered = quiz.questions.filter((q) => answers[q.id] !== undefined).length
  const total = quiz.questions.length
  const pass = rules.passScore

  async function submit() {
    const body = quiz.questions.map((q) => ({ questionId: q.id, optionId: answers[q.id] ?? '' }))
    setBusy(true)
    setError(null)
    try {
      const result = await submitQuiz(quiz.attemptId, body, attempt.keyFor({ attemptId: quiz.attemptId, body }))
      attempt.done()
      onSubmitted(result)
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="quiz-run"
      data-testid="quiz-questions"
      data-attempt={quiz.attemptId}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <p className="muted quiz-small"><Trans>{total} questions; a score above {pass} passes.</Trans></p>
      <ol className="quiz-question-list">
        {quiz.questions.map((q, index) => {
          const n = index + 1
          return (
            <li key={q.id} className="card quiz-question" data-testid="quiz-question" data-id={q.id}>
              <fieldset>
                <legend>
                  <span className="quiz-number"><Trans>Question {n}</Trans></span>
                  {QUESTION_TEXTS[q.id] ? i18n._(QUESTION_TEXTS[q.id]!) : q.id}
                </legend>
                {q.options.map((optionId) => (
                  <label key={optionId} className="quiz-option">
                    <input
                      type="radio"
                      name={q.id}
                      value={optionId}
                      checked={answers[q.id] === optionId}
                      onChange={() => setAnswers((a) => ({ ...a, [q.id]: optionId }))}
                      data-testid="quiz-option"
                      data-id={optionId}
                    />
                    <span>{OPTION_TEXTS[optionId] ? i18n._(OPTION_TEXTS[optionId]!) : optionId}</span>
                  </label>
                ))}
              </fieldset>
            </li>
          )
        })}
      </ol>
      {error ? <p className="form-error" role="alert" data-testid="quiz-submit-error">{error}</p> : null}
      {!online ? <p className="muted"><Trans>You are offline. Your answers stay here; hand them in when you are back online.</Trans></p> : null}
      <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy || answered < total || !online} data-testid="quiz-submit">
        <Trans>Hand in ({answered} of {total} answered)</Trans>
      </button>
    </form>
  )
}

/** The graded attempt: the score, pass or fail, each question with the right option, and what comes next. */
export function QuizOutcome({ result, quiz, rules, onDone }: { result: QuizSubmit; quiz: QuizStart; rules: QuizRules; onDone: () => void }) {
  const { i18n } = useLingui()
  const score = result.score
  const pass = rules.passScore
  const correct = result.results.filter((r) => r.correct).length
  const total = result.results.length
  const until = result.nextAttemptAt ? formatDateTime(result.nextAttemptAt) : null
  const hours = rules.cooloffHours
  const limit = rules.failLimit
  const order = new Map(quiz.questions.map((q, i) => [q.id, i]))
  const results = [...result.results].sort((a, b) => (order.get(a.questionId) ?? 0) - (order.get(b.questionId) ?? 0))
  return (
    <div className="quiz-run" data-testid="quiz-outcome" data-passed={result.passed} data-score={score}>
      <section className={result.passed ? 'card quiz-outcome quiz-outcome--pass' : 'card quiz-outcome quiz-outcome--fail'}>
        <p className="quiz-score"><strong data-testid="quiz-score">{score}</strong>/100</p>
        <p><Trans>{correct} of {total} right. A score above {pass} passes.</Trans></p>
        {result.passed ? (
          <>
            <p className="quiz-verdict" data-testid="quiz-verdict"><Trans>Passed. Margin trading enabled: you may now choose leverage above 1× on the order ticket.</Trans></p>
            <Link to="/trade/index" search={{ tab: 'open' }} className="btn btn--primary btn--block"><Trans>Go to trading</Trans></Link>
          </>
        ) : until ? (
          <p className="quiz-verdict" data-testid="quiz-verdict"><Trans>Not passed. After {limit} failed attempts in a row there is a {hours}-hour wait: you can try again from {until}.</Trans></p>
        ) : (
          <p className="quiz-verdict" data-testid="quiz-verdict"><Trans>Not passed. Read the lessons again and take the quiz once more.</Trans></p>
        )}
      </section>
      <ol className="quiz-question-list" data-testid="quiz-results">
        {results.map((r) => {
          const chosen = r.optionId && OPTION_TEXTS[r.optionId] ? i18n._(OPTION_TEXTS[r.optionId]!) : null
          const right = OPTION_TEXTS[r.correctOptionId] ? i18n._(OPTION_TEXTS[r.correctOptionId]!) : r.correctOptionId
          return (
            <li key={r.questionId} className="card quiz-question" data-testid="quiz-result" data-correct={r.correct}>
              <p className="quiz-result-head">
                <span className={r.correct ? 'pill pill--ok' : 'pill pill--failed'}>{r.correct ? <Trans>Right</Trans> : <Trans>Wrong</Trans>}</span>{' '}
                {QUESTION_TEXTS[r.questionId] ? i18n._(QUESTION_TEXTS[r.questionId]!) : r.questionId}
              </p>
              {r.correct ? (
                <p className="muted quiz-small"><Trans>Your answer: {right}</Trans></p>
              ) : (
                <>
                  <p className="muted quiz-small">{chosen ? <Trans>Your answer: {chosen}</Trans> : <Trans>Not answered</Trans>}</p>
                  <p className="quiz-small"><Trans>Right answer: {right}</Trans></p>
                </>
              )}
            </li>
          )
        })}
      </ol>
      <button type="button" className="btn btn--ghost btn--block" onClick={onDone} data-testid="quiz-done">
        <Trans>Back to the lessons</Trans>
      </button>
    </div>
  )
}
