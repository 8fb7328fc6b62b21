/**
 * The knowledge quiz, the user's side (issue 13): the courseware's study clock, drawing a quiz and
 * handing it in; a pass enables margin trading. Thin: the operations are server/quiz/service.ts,
 * the rules server/quiz/rules.ts, the answer key server/quiz/bank.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, Id, IdempotencyHeaders, replies } from '../http/schemas'
import { QuizInfo, QuizItem, QuizItemId, QuizStart, QuizSubmit } from '../../src/contract/replies'
import { QUIZ_QUESTIONS } from '../../src/lib/quiz'
import { openItem, quizInfo, startQuiz, studyItem, submitQuiz } from './service'

/** An id of the bank's shape; whether it was shown in the attempt is the service's 400. */
const BankId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' })

export const quizRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { runIdempotent } = deps

  app.post(
    '/quiz/info',
    {
      schema: {
        tags: ['knowledge quiz'],
        summary: 'The courseware items with their study times, every attempt (newest first), the failures in a row and any cool-off, whether margin trading is on, and the rules',
        body: EmptyObject,
        response: replies(QuizInfo),
      },
    },
    async (request) => ok(await quizInfo(deps, sessionOf(request).userId)),
  )

  app.post(
    '/quiz/open',
    {
      config: { idempotent: true },
      schema: {
        tags: ['knowledge quiz'],
        summary: "Start an item's study clock now, by the server's time (an item already studied stays as it is; opening again restarts an unstudied one)",
        headers: IdempotencyHeaders,
        body: Type.Object({ itemId: QuizItemId }),
        response: replies(QuizItem),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(openItem(deps, { userId: sessionOf(request).userId, itemId: request.body.itemId }))),
  )

  app.post(
    '/quiz/studied',
    {
      config: { idempotent: true },
      schema: {
        tags: ['knowledge quiz'],
        summary: 'Count the item as studied, once it has been open at least quiz_min_study_seconds by the server clock (already studied: the item as it is)',
        description: 'Refusals: quiz_item_not_opened, quiz_study_too_short {remaining (seconds)}',
        headers: IdempotencyHeaders,
        body: Type.Object({ itemId: QuizItemId }),
        response: replies(QuizItem),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(studyItem(deps, { userId: sessionOf(request).userId, itemId: request.body.itemId }))),
  )

  app.post(
    '/quiz/start',
    {
      config: { idempotent: true },
      schema: {
        tags: ['knowledge quiz'],
        summary: `Draw quiz_question_count questions of the bank's ${QUIZ_QUESTIONS.length}, each with its options shuffled, and keep what was shown; an attempt not yet handed in is given back instead`,
        description: 'Refusals: quiz_already_passed, quiz_not_studied {missing (items)}, quiz_cooling_off {until}',
        headers: IdempotencyHeaders,
        body: EmptyObject,
        response: replies(QuizStart),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(startQuiz(deps, { userId: sessionOf(request).userId }))),
  )

  app.post(
    '/quiz/submit',
    {
      config: { idempotent: true },
      schema: {
        tags: ['knowledge quiz'],
        summary:
          'Hand in the answers: score = round(correct x 100 / questions), a score above quiz_pass_score passes and enables margin trading; a question left out counts as wrong. ' +
          'An attempt already handed in gives its grading back. 400 for an answer to a question not in the attempt, twice, or with an option not shown',
        description: 'Refusals: quiz_attempt_not_found {id}',
        headers: IdempotencyHeaders,
        body: Type.Object({
          attemptId: Id,
          answers: Type.Array(Type.Object({ questionId: BankId, optionId: BankId }), { maxItems: QUIZ_QUESTIONS.length }),
        }),
        response: replies(QuizSubmit),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => commit(submitQuiz(deps, { userId: sessionOf(request).userId, attemptId: request.body.attemptId, answers: request.body.answers }))),
  )
}
