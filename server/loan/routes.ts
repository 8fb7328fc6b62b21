/**
 * Credit loans, the user's side (issue 12): the score with its arithmetic and the terms, applying,
 * repaying, cancelling in the free first day, asking for more credit, and the records. Thin: the
 * operations are server/loan/service.ts, the SQL server/loan/repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, Id, IdempotencyHeaders, replies } from '../http/schemas'
import { CreditRequest, Loan, LoanInfo, LoanRecord } from '../../src/contract/replies'
import { apply, cancel, loanInfo, recordsOf, repay, requestCredit } from './service'

const PAGE_SIZE = 20
const PAGE_MAX = 100

const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, description: `default ${PAGE_SIZE}` })),
}

/** Paise; 0 is let through to the rules, which name the minimum. */
const Amount = (description: string) => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description })

export const loanRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { runIdempotent } = deps

  app.post(
    '/loan/info',
    {
      schema: {
        tags: ['credit loans'],
        summary:
          "The credit score computed now from the account's history with each input and its points (src/lib/loan.ts creditScore), what can be borrowed, the terms, the unpaid loan and the latest credit request",
        body: EmptyObject,
        response: replies(LoanInfo),
      },
    },
    async (request) => ok(await loanInfo(deps, sessionOf(request).userId)),
  )

  app.post(
    '/loan/apply',
    {
      config: { idempotent: true },
      schema: {
        tags: ['credit loans'],
        summary: "Apply for a loan on today's published terms (copied onto the loan); nothing is paid out until the review approves it",
        description:
          'Refusals: loan_channel_closed, real_name_required {status}, loan_unpaid {id}, loan_pending_review {id}, loan_below_min {min}, ' +
          'loan_limit_insufficient {borrowable,score}, loan_quota_full',
        headers: IdempotencyHeaders,
        body: Type.Object({ amount: Amount('principal, paise') }),
        response: replies(Loan),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(apply(deps, { userId: sessionOf(request).userId, amount: request.body.amount }))),
  )

  app.post(
    '/loan/repay',
    {
      config: { idempotent: true },
      schema: {
        tags: ['credit loans'],
        summary: 'Repay part or all of a borrowing loan from the available balance, interest first; completed when nothing is owed',
        description: 'Refusals: loan_not_found {id}, loan_not_repayable {status}, amount_invalid, loan_repay_above_owed {owed}, insufficient_balance {available,required}',
        headers: IdempotencyHeaders,
        body: Type.Object({ id: Id, amount: Amount('paise') }),
        response: replies(Loan),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(repay(deps, { userId: sessionOf(request).userId, ...request.body }))),
  )

  app.post(
    '/loan/cancel',
    {
      config: { idempotent: true },
      schema: {
        tags: ['credit loans'],
        summary: 'Withdraw an application under review, or cancel a paid-out loan before its first interest day by handing the principal back (free)',
        description: 'Refusals: loan_not_found {id}, loan_not_repayable {status}, loan_cooling_off_over {until}, insufficient_balance {available,required}',
        headers: IdempotencyHeaders,
        body: Type.Object({ id: Id }),
        response: replies(Loan),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(cancel(deps, { userId: sessionOf(request).userId, id: request.body.id }))),
  )

  app.post(
    '/loan/credit',
    {
      config: { idempotent: true },
      schema: {
        tags: ['credit loans'],
        summary: 'Ask for credit above the borrowable table, in whole rupees; reviewed in the back office',
        description: 'Refusals: credit_amount_invalid {max}, credit_request_pending',
        headers: IdempotencyHeaders,
        body: Type.Object({ amount: Amount('paise, a whole number of rupees') }),
        response: replies(CreditRequest),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(requestCredit(deps, { userId: sessionOf(request).userId, amount: request.body.amount }))),
  )

  app.post(
    '/loan/records',
    {
      schema: {
        tags: ['credit loans'],
        summary: "The user's loans, newest first, each with its payout, interest days and repayments, oldest first",
        body: Type.Object({ ...Paging }),
        response: replies(Type.Object({ data: Type.Array(LoanRecord), total: Type.Integer() })),
      },
    },
    async (request) => ok(await recordsOf(deps, { userId: sessionOf(request).userId, page: request.body.page ?? 1, size: request.body.size ?? PAGE_SIZE })),
  )
}
