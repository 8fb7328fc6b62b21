import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { SyncedLine, CardSkeleton } from '../../app/SyncedLine'
import { errorText } from '../../app/errors'
import { useSessionAccount } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { useNow } from '../../app/useNow'
import { useOnline } from '../../app/useOnline'
import { type QuizInfo, type QuizStart, type QuizSubmit, refreshQuizInfo, startQuiz } from '../../data/quiz'
import { formatDateTime } from '../../lib/dates'
import { QUIZ_ITEMS, type QuizItemId, type QuizRules } from '../../lib/quiz'
import { ITEM_TEXTS } from './courseware'
import { ItemSheet } from './ItemSheet'
import { QuizOutcome, QuizQuestions } from './QuizRun'
import { quizRulesOf, useQuizInfo, useQuizInfoSynced, useTaughtNumbers } from './queries'
import './quiz.css'

type Stage = { kind: 'lessons' } | { kind: 'questions'; quiz: QuizStart } | { kind: 'outcome'; quiz: QuizStart; result: QuizSubmit }

/**
 * /information/faq, the knowledge quiz: margin trading (leverage above 1×) is enabled by passing
 * it. The lessons with a tick for each one studied (each must stay open a published number of
 * seconds, timed by the server), then the quiz drawn by the server, its score with each question's
 * right answer, and the cool-off after failed attempts in a row. The lessons and the record of
 * attempts show offline from Dexie; studying and answering need the server.
 */
export function QuizScreen() {
  const account = useSessionAccount()
  const info = useQuizInfo(account)
  const synced = useQuizInfoSynced(account)
  const loading = useLoading(() => refreshQuizInfo(), account ?? '')
  const [stage, setStage] = useState<Stage>({ kind: 'lessons' })
  const rules = quizRulesOf(info)
  // The questions, the outcome and the lessons each start at their top, not where the last one was scrolled to.
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [stage.kind])
  return (
    <div className="quiz">
      <BackBar title={<Trans>Knowledge quiz</Trans>} />
      <SyncedLine synced={synced} loading={loading} testId="quiz-updated" />
      <div className="page">
        {stage.kind === 'questions' ? (
          <QuizQuestions quiz={stage.quiz} rules={rules} onSubmitted={(result) => setStage({ kind: 'outcome', quiz: stage.quiz, result })} />
        ) : stage.kind === 'outcome' ? (
          <QuizOutcome result={stage.result} quiz={stage.quiz} rules={rules} onDone={() => setStage({ kind: 'lessons' })} />
        ) : info === undefined || (info === null && loading) ? (
          <CardSkeleton lines={3} />
        ) : info === null ? (
          <div className="card empty-state"><p><Trans>The lessons and your quiz show here once the app has been online.</Trans></p></div>
        ) : (
          <Lessons info={info} rules={rules} onStart={(quiz) => setStage({ kind: 'questions', quiz })} />
        )}
      </div>
    </div>
  )
}

function Lessons({ info, rules, onStart }: { info: QuizInfo; rules: QuizRules; onStart: (quiz: QuizStart) => void }) {
  const { i18n } = useLingui()
  const numbers = useTaughtNumbers()
  const [open, setOpen] = useState<QuizItemId | null>(null)
  const byId = new Map(info.items.map((item) => [item.id, item]))
  const studied = QUIZ_ITEMS.filter((id) => byId.get(id)?.studiedAt != null).length
  const total = QUIZ_ITEMS.length
  const seconds = rules.minStudySeconds
  return (
    <>
      <StatusCard info={info} rules={rules} />
      <section className="card" data-testid="quiz-lessons">
        <h2 className="section-title"><Trans>Lessons</Trans></h2>
        <p className="muted quiz-small"><Trans>{studied} of {total} studied. Each lesson counts once it has stayed open at least {seconds} seconds.</Trans></p>
        <ul className="quiz-items">
          {QUIZ_ITEMS.map((id) => {
            const done = byId.get(id)?.studiedAt != null
            return (
              <li key={id}>
                <button type="button" className="quiz-item" onClick={() => setOpen(id)} data-testid="quiz-item" data-id={id} data-studied={done}>
                  <span className={done ? 'quiz-tick quiz-tick--on' : 'quiz-tick'} aria-hidden="true">{done ? '✓' : ''}</span>
                  <span className="quiz-item-title">{i18n._(ITEM_TEXTS[id].title)}</span>
                  <span className="visually-hidden">{done ? <Trans>Studied</Trans> : <Trans>Not studied yet</Trans>}</span>
                </button>
              </li>
            )
          })}
        </ul>
      </section>
      {info.passed || info.marginTrading ? null : <StartCard info={info} rules={rules} studied={studied === total} onStart={onStart} />}
      <Attempts info={info} />
      <ItemSheet itemId={open} item={open ? byId.get(open) : undefined} minSeconds={seconds} numbers={numbers} onClose={() => setOpen(null)} />
    </>
  )
}

/** What the quiz is for and where the account stands: margin trading on, or what is needed for it. */
function StatusCard({ info, rules }: { info: QuizInfo; rules: QuizRules }) {
  const count = rules.questionCount
  const pass = rules.passScore
  const limit = rules.failLimit
  const hours = rules.cooloffHours
  if (info.marginTrading) {
    return (
      <section className="card quiz-outcome--pass" data-testid="quiz-status" data-margin="on">
        <p className="quiz-verdict"><Trans>Margin trading enabled</Trans></p>
        <p className="muted quiz-small"><Trans>You may choose leverage above 1× on the order ticket. The lessons stay here to read again.</Trans></p>
      </section>
    )
  }
  return (
    <section className="card" data-testid="quiz-status" data-margin="off">
      <p><Trans>Orders with leverage above 1× need margin trading. Pass this quiz to enable it.</Trans></p>
      <ol className="quiz-steps quiz-small">
        <li><Trans>Study every lesson below.</Trans></li>
        <li><Trans>Answer {count} questions drawn from the lessons; a score above {pass} out of 100 passes.</Trans></li>
        <li><Trans>After {limit} failed attempts in a row, wait {hours} hours before the next one.</Trans></li>
      </ol>
    </section>
  )
}

function StartCard({ info, rules, studied, onStart }: { info: QuizInfo; rules: QuizRules; studied: boolean; onStart: (quiz: QuizStart) => void }) {
  const online = useOnline()
  const now = useNow(30_000)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const cooling = info.nextAttemptAt !== null && info.nextAttemptAt > now
  const until = info.nextAttemptAt ? formatDateTime(info.nextAttemptAt) : ''
  const fails = info.failuresInRow
  const limit = rules.failLimit

  async function start() {
    setBusy(true)
    setError(null)
    try {
      onStart(await startQuiz())
    } catch (e) {
      setError(errorText(e))
      void refreshQuizInfo({ fresh: true })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" data-testid="quiz-start-card">
      {cooling ? (
        <p className="quiz-note" data-testid="quiz-cooling-off"><Trans>{limit} attempts in a row did not pass. You can try again from {until}.</Trans></p>
      ) : fails > 0 ? (
        <p className="muted quiz-small" data-testid="quiz-fails" data-fails={fails}><Trans>Failed attempts in a row: {fails} of {limit}.</Trans></p>
      ) : null}
      {!studied ? <p className="muted quiz-small"><Trans>The quiz opens once every lesson is studied.</Trans></p> : null}
      {error ? <p className="form-error" role="alert" data-testid="quiz-start-error">{error}</p> : null}
      <button type="button" className="btn btn--primary btn--block btn--large" disabled={!studied || cooling || busy || !online} onClick={() => void start()} data-testid="quiz-start">
        {info.openAttemptId !== null ? <Trans>Continue the quiz</Trans> : <Trans>Take the quiz</Trans>}
      </button>
    </section>
  )
}

/** Every attempt, kept: when, the score, passed or not. */
function Attempts({ info }: { info: QuizInfo }) {
  if (info.attempts.length === 0) return null
  return (
    <section className="card" data-testid="quiz-attempts">
      <h2 className="section-title"><Trans>Your attempts</Trans></h2>
      <ul className="quiz-attempts">
        {info.attempts.map((a) => {
          const when = formatDateTime(a.submittedAt ?? a.startedAt)
          const score = a.score ?? 0
          return (
            <li key={a.id} data-testid="quiz-attempt" data-passed={a.passed}>
              <span>{when}</span>
              {a.submittedAt === null ? (
                <span className="pill pill--queued"><Trans>Not handed in</Trans></span>
              ) : a.passed ? (
                <span className="pill pill--ok"><Trans>Passed with {score}</Trans></span>
              ) : (
                <span className="pill pill--failed"><Trans>Not passed: {score}</Trans></span>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
