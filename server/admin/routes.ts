/**
 * The back office's API under /api/admin (issue 4, DESIGN.md section 5), its operators and audit
 * log: operators sign in with their own accounts, give others theirs, and read the audit log that
 * every action writes in its own transaction. The other back-office routes live with their areas
 * (reviews/routes.ts, identity/admin-routes.ts, accounts/admin-routes.ts) and share the operator's
 * session (operator-session.ts). There is deliberately no route that sets a balance, a price or
 * an outcome: money moves only through a review's own ledger entry.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AuditPage, Operator, OperatorLogin, OperatorMe, OperatorName } from '../../src/contract/admin-replies'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, Id, PasswordText, ShortText, replies } from '../http/schemas'
import { ok } from '../plugins/envelope'
import { auditPage } from './audit-repository'
import { listOperators } from './operator-repository'
import { changeOwnPassword, createOperator, signInOperator, signOutOperator } from './operator-service'
import { operatorOf } from './operator-session'

/** Every route here needs an operator's session but the sign-in (access.ts). */
export { ADMIN_PREFIX } from './operator-session'

/** The back office pages the audit log. */
const AUDIT_PAGE = 50

export const adminRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, now } = deps

  app.post(
    '/operator/login',
    {
      schema: {
        tags: ['back office'],
        summary: 'An operator signs in; returns the operator token (header operator-token)',
        description: 'Refusals: login_failed; HTTP 429 too_many_attempts {retryAfter, rule, limit, windowSeconds} (the same limits and slow-down as users)',
        body: Type.Object({ username: ShortText(32), password: PasswordText }),
        response: replies(OperatorLogin),
      },
    },
    async (request) => {
      const { username, password } = request.body
      return ok(await signInOperator(deps, { username, password, clientIp: request.ip, now: now() }))
    },
  )

  app.post(
    '/operator/logout',
    { schema: { tags: ['back office'], summary: 'End this operator session', body: EmptyObject, response: replies(EmptyObject) } },
    async (request) => {
      await signOutOperator(deps, operatorOf(request), now())
      return ok({})
    },
  )

  app.post(
    '/operator/me',
    {
      schema: {
        tags: ['back office'],
        summary: 'The signed-in operator, and whether they must change the password given to them before anything else',
        body: EmptyObject,
        response: replies(OperatorMe),
      },
    },
    async (request) => {
      const { username, mustChangePassword } = operatorOf(request)
      return ok({ username, mustChangePassword })
    },
  )

  app.post(
    '/operator/list',
    {
      schema: {
        tags: ['back office'],
        summary: 'Every operator account',
        body: EmptyObject,
        response: replies(Type.Object({ data: Type.Array(Operator) })),
      },
    },
    async () => ok({ data: await listOperators(db) }),
  )

  app.post(
    '/operator/create',
    {
      schema: {
        tags: ['back office'],
        summary: 'Give another person their own operator account',
        description: 'Refusals: operator_name_invalid, password_length {min,max}, operator_exists',
        body: Type.Object({ username: ShortText(32), password: PasswordText }),
        response: replies(OperatorName),
      },
    },
    async (request) => {
      const { username, password } = request.body
      return ok(await createOperator(deps, { creator: operatorOf(request).username, username, password, now: now() }))
    },
  )

  app.post(
    '/operator/password',
    {
      schema: {
        tags: ['back office'],
        summary: "Change the signed-in operator's password; their other sessions end",
        description:
          'Refusals: password_wrong, password_length {min,max}, password_same; HTTP 429 too_many_attempts {retryAfter, rule, limit, windowSeconds} (rule password; the session whose wrong password reaches the limit is ended)',
        body: Type.Object({ oldPassword: PasswordText, password: PasswordText }),
        response: replies(EmptyObject),
      },
    },
    async (request) => {
      const { oldPassword, password } = request.body
      await changeOwnPassword(deps, operatorOf(request), { oldPassword, password, clientIp: request.ip, now })
      return ok({})
    },
  )

  app.post(
    '/audit/list',
    {
      schema: {
        tags: ['back office'],
        summary: 'The audit log, newest first, 50 a page; one user\'s when userId is given',
        body: Type.Object({ page: Type.Integer({ minimum: 1, maximum: 100_000 }), userId: Type.Optional(Id) }),
        response: replies(AuditPage),
      },
    },
    async (request) => ok(await auditPage(db, { userId: request.body.userId, page: request.body.page, size: AUDIT_PAGE })),
  )
}
