/**
 * Privacy (issue 13): the user's data as one JSON file, and account deletion (the request page,
 * the request, its cancellation). Thin: server/privacy/service.ts, export-repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok, unauthorized } from '../plugins/envelope'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, IdempotencyHeaders, PasswordText, replies } from '../http/schemas'
import { DataExport, DeletionInfo } from '../../src/contract/replies'
import { findUserById } from '../accounts/repository'
import { exportSections } from './export-repository'
import { cancelDeletion, deletionInfo, requestDeletion } from './service'

const { 200: _envelope, ...refusals } = replies(EmptyObject)

const TOO_MANY = 'HTTP 429 too_many_attempts {retryAfter, rule, limit, windowSeconds}'

export const privacyRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, now, runIdempotent } = deps

  app.post(
    '/user/export',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Everything the server holds about the caller, as a JSON file (application/json attachment tijori-data-<account>.json), not the envelope',
        description:
          'Sections (lists of rows, camelCase keys, times epoch ms, money paise): profile, flags, realName, uploads (no bytes), bankCards, usdtAddresses, ledger (legs on the ' +
          "user's own accounts), withdrawals, recharges, exchanges, orders, ipoApplications, blockApplications, followInvestments, loans, loanRepayments, loanAccruals, " +
          'creditRequests, vipLevel, vipChanges, dividendEntitlements, dividendApplications, watchlist, supportThreads, supportMessages, inbox, quizStudies, quizAttempts, ' +
          'signIns, sessions (time and address, no token), failedSignIns, twoStepSignIn (no secret), deletionRequests, audit.',
        body: EmptyObject,
        response: { 200: DataExport, ...refusals },
      },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request)
      const user = await findUserById(db, userId)
      if (!user) throw unauthorized()
      const at = now()
      const file: DataExport = { format: 'tijori-data-export', version: 1, exportedAt: at, account: user.account, sections: await exportSections(db, userId, user.account) }
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="tijori-data-${user.account}.json"`)
        .header('cache-control', 'no-store')
        .send(file)
    },
  )

  app.post(
    '/user/deletion/info',
    {
      schema: {
        tags: ['privacy'],
        summary: 'The latest deletion request, what blocks one now, and what the law keeps and until when',
        body: EmptyObject,
        response: replies(DeletionInfo),
      },
    },
    async (request) => ok(await deletionInfo(db, config, sessionOf(request).userId, now())),
  )

  app.post(
    '/user/deletion/request',
    {
      config: { idempotent: true },
      schema: {
        tags: ['privacy'],
        summary: 'Ask to close the account and erase what the law does not keep; a person reviews it (queue deletion)',
        description: `Refusals: password_wrong, deletion_pending, deletion_blocked {reason} (the first blocker: open_positions, pending_orders, balance, unpaid_loan or fund_operation_pending); ${TOO_MANY} (rule password)`,
        headers: IdempotencyHeaders,
        body: Type.Object({ password: PasswordText }),
        response: replies(DeletionInfo),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) =>
        commit(await requestDeletion(deps, sessionOf(request), { password: request.body.password, clientIp: request.ip, now: now() })),
      ),
  )

  app.post(
    '/user/deletion/cancel',
    {
      config: { idempotent: true },
      schema: {
        tags: ['privacy'],
        summary: 'Withdraw the pending deletion request',
        description: 'Refusals: deletion_not_pending',
        headers: IdempotencyHeaders,
        body: EmptyObject,
        response: replies(DeletionInfo),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(cancelDeletion(deps, sessionOf(request).userId, now()))),
  )
}
