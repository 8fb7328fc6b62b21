/**
 * The back office's API under /api/admin (issue 4, DESIGN.md section 5): operators sign in with
 * their own accounts, work the review queues with the evidence in front of them, look users up
 * and set or clear their flags with a reason. Every action lands in the audit log in the same
 * transaction. There is deliberately no route that sets a balance, a price or an outcome: money
 * moves only through a review's own ledger entry.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ACCOUNT_FLAGS, SIGN_OUT_FLAGS } from '../accounts/rules'
import { isValidOperatorName, operatorPasswordRefusal } from './operator-rules'
import { hashPassword, verifyPassword, burnPasswordCheck } from '../accounts/password-hash'
import { DomainRefusal } from '../http/refusal'
import { newSessionToken } from '../accounts/tokens'
import { operatorOf } from '../plugins/auth'
import { HttpError, ok } from '../plugins/envelope'
import { clearFlag, flagsOf, setFlag } from '../accounts/flag-repository'
import { fundRecordsOf } from '../funds/record-repository'
import { bankCardsOf } from '../identity/repository'
import { walletsOf } from '../funds/exchange-repository'
import {
  audit,
  auditPage,
  changeOperatorPassword,
  findOperator,
  insertOperator,
  insertOperatorSession,
  listOperators,
  revokeOperatorSession,
} from './operator-repository'
import { listOrdersOfUser } from '../trade/repository'
import { revokeAllSessions } from '../accounts/session-repository'
import { findUserById, searchUsers } from '../accounts/repository'
import { REVIEW_KINDS, REVIEW_QUEUES, countPending, decideAndAudit, isReviewKind } from '../reviews/queues'
import { type RouteDeps } from '../http/deps'
import { checkSessionPassword, signInSucceeded, startSignIn } from '../accounts/guess-guard'
import { EmptyObject, Id, PasswordText, ShortText, replies } from '../http/schemas'

/** Every route here needs an operator's session but the sign-in (access.ts). */
export { ADMIN_PREFIX } from '../plugins/access'

/** An operator session lasts one working day; the page asks for the password again after it. */
const OPERATOR_SESSION_MS = 12 * 3600 * 1000

/** Rows the back office shows at once; it pages the audit log. */
const LIST_LIMIT = 100
const AUDIT_PAGE = 50


const notFound = (what: string) => new HttpError(404, 'not_found', { what }, `No such ${what}.`)

/** A reason the user will read: required to reject, and for every flag change. */
const Reason = ShortText(500)


function needReason(reason: string | undefined): string {
  const text = reason?.trim() ?? ''
  if (text === '') throw new DomainRefusal('reason_required', {}, 'Write the reason the user will see.')
  return text
}

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
        response: replies(Type.Object({ token: Type.String(), username: Type.String(), expiresAt: Type.Integer() })),
      },
    },
    async (request) => {
      const { username, password } = request.body
      const at = now()
      // Operators share the sign-in limits and the failure table, under their own key space.
      const key = `operator:${username}`
      await startSignIn(deps, { key, clientIp: request.ip, now: at })
      const operator = await findOperator(db, username)
      const passwordOk = operator ? await verifyPassword(operator.passwordHash, password) : (await burnPasswordCheck(password), false)
      if (!operator || !passwordOk) throw new DomainRefusal('login_failed', {}, 'The username or password is wrong.')
      await signInSucceeded(deps, { key, clientIp: request.ip })
      const { token, tokenHash } = newSessionToken()
      const expiresAt = at + OPERATOR_SESSION_MS
      await db.transaction().execute(async (trx) => {
        await insertOperatorSession(trx, { operatorId: operator.id, tokenHash, now: at, expiresAt })
        await audit(trx, { operator: operator.username, action: 'signed_in', detail: { ip: request.ip }, now: at })
      })
      return ok({ token, username: operator.username, expiresAt })
    },
  )

  app.post(
    '/operator/logout',
    { schema: { tags: ['back office'], summary: 'End this operator session', body: EmptyObject, response: replies(EmptyObject) } },
    async (request) => {
      const operator = operatorOf(request)
      await db.transaction().execute(async (trx) => {
        await revokeOperatorSession(trx, operator.sessionId, now())
        await audit(trx, { operator: operator.username, action: 'signed_out', now: now() })
      })
      return ok({})
    },
  )

  app.post(
    '/operator/me',
    {
      schema: { tags: ['back office'], summary: 'The signed-in operator', body: EmptyObject, response: replies(Type.Object({ username: Type.String() })) },
    },
    async (request) => ok({ username: operatorOf(request).username }),
  )

  app.post(
    '/operator/list',
    {
      schema: {
        tags: ['back office'],
        summary: 'Every operator account',
        body: EmptyObject,
        response: replies(Type.Object({ data: Type.Array(Type.Object({ username: Type.String(), createdBy: Type.Union([Type.String(), Type.Null()]), createdAt: Type.Integer() })) })),
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
        response: replies(Type.Object({ username: Type.String() })),
      },
    },
    async (request) => {
      const creator = operatorOf(request)
      const { username, password } = request.body
      if (!isValidOperatorName(username)) throw new DomainRefusal('operator_name_invalid', {}, 'Use 3 to 32 lower-case letters, digits, dot, dash or underscore.')
      const weak = operatorPasswordRefusal(password)
      if (weak) throw weak
      const passwordHash = await hashPassword(password)
      const made = await db.transaction().execute(async (trx) => {
        const operator = await insertOperator(trx, { username, passwordHash, createdBy: creator.username, now: now() })
        if (operator) await audit(trx, { operator: creator.username, action: 'operator_created', subject: `operator:${username}`, now: now() })
        return operator
      })
      if (!made) throw new DomainRefusal('operator_exists', {}, 'That username is taken.')
      return ok({ username: made.username })
    },
  )

  app.post(
    '/operator/password',
    {
      schema: {
        tags: ['back office'],
        summary: "Change the signed-in operator's password; their other sessions end",
        description:
          'Refusals: password_wrong, password_length {min,max}; HTTP 429 too_many_attempts {retryAfter, rule, limit, windowSeconds} (rule password; the session whose wrong password reaches the limit is ended)',
        body: Type.Object({ oldPassword: PasswordText, password: PasswordText }),
        response: replies(EmptyObject),
      },
    },
    async (request) => {
      const operator = operatorOf(request)
      const { oldPassword, password } = request.body
      const record = await findOperator(db, operator.username)
      // Guarded like a user's password change (server/accounts/guess-guard.ts), under a key of its own.
      const right =
        record !== undefined &&
        (await checkSessionPassword(deps, {
          key: `operator-password:${operator.id}`,
          clientIp: request.ip,
          now: now(),
          verify: () => verifyPassword(record.passwordHash, oldPassword),
          endSession: () =>
            db.transaction().execute(async (trx) => {
              await revokeOperatorSession(trx, operator.sessionId, now())
              await audit(trx, { operator: operator.username, action: 'signed_out', detail: { reason: 'password_guesses' }, now: now() })
            }),
        }))
      if (!right) throw new DomainRefusal('password_wrong', {}, 'The current password is wrong.')
      const weak = operatorPasswordRefusal(password)
      if (weak) throw weak
      const passwordHash = await hashPassword(password)
      await db.transaction().execute(async (trx) => {
        await changeOperatorPassword(trx, { operatorId: operator.id, passwordHash, keepSessionId: operator.sessionId, now: now() })
        await audit(trx, { operator: operator.username, action: 'password_changed', now: now() })
      })
      return ok({})
    },
  )

  app.post(
    '/reviews/kinds',
    {
      schema: {
        tags: ['back office'],
        summary: 'The review queues and how many requests wait in each',
        body: EmptyObject,
        response: replies(Type.Object({ data: Type.Array(Type.Object({ kind: Type.String(), title: Type.String(), pending: Type.Integer() })) })),
      },
    },
    async () => {
      const data = await Promise.all(
        REVIEW_KINDS.map(async (kind) => ({
          kind,
          title: REVIEW_QUEUES[kind].title,
          pending: await countPending(db, kind),
        })),
      )
      return ok({ data })
    },
  )

  app.post(
    '/reviews/list',
    {
      schema: {
        tags: ['back office'],
        summary: "One queue's requests with their facts and evidence: pending oldest first, decided newest first",
        body: Type.Object({ kind: ShortText(), status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]) }),
        response: replies(Type.Object({ data: Type.Unknown({ description: 'ReviewItem[] (server/reviews/queues.ts)' }) })),
      },
    },
    async (request) => {
      const { kind, status } = request.body
      if (!isReviewKind(kind)) throw notFound('review queue')
      return ok({ data: await REVIEW_QUEUES[kind].list(db, { status, limit: LIST_LIMIT }) })
    },
  )

  app.post(
    '/reviews/decide',
    {
      schema: {
        tags: ['back office'],
        summary: 'Approve or reject one request; a rejection needs the reason the user will see',
        description: 'Refusals: reason_required, review_already_decided; HTTP 404 not_found',
        body: Type.Object({ kind: ShortText(), id: Id, approve: Type.Boolean(), reason: Type.Optional(Reason) }),
        response: replies(EmptyObject),
      },
    },
    async (request) => {
      const operator = operatorOf(request)
      const { kind, id, approve } = request.body
      if (!isReviewKind(kind)) throw notFound('review queue')
      const reason = approve ? request.body.reason?.trim() || null : needReason(request.body.reason)
      const done = await decideAndAudit(db, kind, { id, approve, reason, operator: operator.username, now: now() })
      if (done === undefined) throw notFound('request')
      if (!done) throw new DomainRefusal('review_already_decided', {}, 'Someone has already decided this request.')
      return ok({})
    },
  )

  app.post(
    '/uploads/view',
    {
      schema: {
        tags: ['back office'],
        summary: 'One piece of evidence (an ID photo, a receipt); the viewing is audited',
        body: Type.Object({ id: Id }),
        response: replies(Type.Object({ id: Type.Integer(), userId: Type.Integer(), kind: Type.String(), contentType: Type.String(), base64: Type.String() })),
      },
    },
    async (request) => {
      const operator = operatorOf(request)
      const row = await db.selectFrom('uploads').select(['id', 'user_id', 'kind', 'content_type', 'bytes']).where('id', '=', request.body.id).executeTakeFirst()
      if (!row) throw notFound('upload')
      await audit(db, { operator: operator.username, action: 'evidence_viewed', userId: row.user_id, subject: `upload:${row.id}`, now: now() })
      return ok({ id: row.id, userId: row.user_id, kind: row.kind, contentType: row.content_type, base64: Buffer.from(row.bytes).toString('base64') })
    },
  )

  app.post(
    '/users/search',
    {
      schema: {
        tags: ['back office'],
        summary: 'Users whose account starts with, or whose verified name contains, the query',
        body: Type.Object({ query: ShortText(64) }),
        response: replies(
          Type.Object({
            data: Type.Array(
              Type.Object({
                id: Type.Integer(),
                account: Type.String(),
                realName: Type.Union([Type.String(), Type.Null()]),
                realNameStatus: Type.String(),
                createdAt: Type.Integer(),
              }),
            ),
          }),
        ),
      },
    },
    async (request) => ok({ data: await searchUsers(db, request.body.query.trim(), LIST_LIMIT) }),
  )

  app.post(
    '/users/detail',
    {
      schema: {
        tags: ['back office'],
        summary: "A user: identity, flags with reasons, balances, cards, recent ledger entries and orders",
        body: Type.Object({ userId: Id }),
        response: replies(Type.Unknown({ description: 'see server/admin/routes.ts' })),
      },
    },
    async (request) => {
      const operator = operatorOf(request)
      const { userId } = request.body
      const user = await findUserById(db, userId)
      if (!user) throw notFound('user')
      const [flags, cards, ledger, orders, balances] = await Promise.all([
        flagsOf(db, userId),
        bankCardsOf(db, userId),
        fundRecordsOf(db, userId, undefined, { limit: LIST_LIMIT, offset: 0 }),
        listOrdersOfUser(db, userId, {}, { limit: LIST_LIMIT, offset: 0 }),
        walletsOf(db, userId),
      ])
      // Looking at a person's money is itself an action worth recording.
      await audit(db, { operator: operator.username, action: 'user_viewed', userId, now: now() })
      return ok({
        id: user.id,
        account: user.account,
        createdAt: user.created_at,
        realNameStatus: user.real_name_status,
        realName: user.real_name,
        realNameReason: user.real_name_reason,
        fundPasswordSet: user.fund_password_hash !== null,
        marginTrading: user.margin_trading,
        flags,
        balances: balances.filter((b) => b.currency === 'INR' || b.available !== 0 || b.frozen !== 0),
        cards,
        ledger: ledger.data,
        orders: orders.rows.map((o) => ({
          id: o.id,
          orderNo: o.order_no,
          symbol: o.symbol,
          direction: o.direction,
          type: o.type,
          lots: o.lots,
          leverage: o.leverage,
          status: o.status,
          margin: o.margin,
          pnl: o.pnl,
          createdAt: o.created_at,
        })),
      })
    },
  )

  app.post(
    '/users/flag',
    {
      schema: {
        tags: ['back office'],
        summary: 'Set or clear one account flag, with the reason (shown to the user when set)',
        description: 'Refusals: reason_required; HTTP 404 not_found. Setting frozen, login_banned or disabled ends the user\'s sessions.',
        body: Type.Object({ userId: Id, flag: Type.Union(ACCOUNT_FLAGS.map((f) => Type.Literal(f))), on: Type.Boolean(), reason: Type.Optional(Reason) }),
        response: replies(EmptyObject),
      },
    },
    async (request) => {
      const operator = operatorOf(request)
      const { userId, flag, on } = request.body
      const reason = needReason(request.body.reason)
      if (!(await findUserById(db, userId))) throw notFound('user')
      await db.transaction().execute(async (trx) => {
        if (on) {
          await setFlag(trx, { userId, flag, reason, setBy: operator.username, now: now() })
          if (SIGN_OUT_FLAGS.includes(flag)) await revokeAllSessions(trx, userId, now())
        } else {
          await clearFlag(trx, userId, flag)
        }
        await audit(trx, { operator: operator.username, action: on ? 'flag_set' : 'flag_cleared', userId, subject: `flag:${flag}`, detail: { reason }, now: now() })
      })
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
        response: replies(Type.Object({ data: Type.Unknown({ description: 'AuditRecord[]' }), total: Type.Integer() })),
      },
    },
    async (request) => ok(await auditPage(db, { userId: request.body.userId, page: request.body.page, size: AUDIT_PAGE })),
  )
}
