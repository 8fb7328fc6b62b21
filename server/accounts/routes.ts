/**
 * /user/*: register, sign in and out, the user's summary, password change, daily sign-in. Thin:
 * each handler parses, calls server/accounts/service.ts or sign-in-service.ts, and answers.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { revokeSession } from './session-repository'
import { LoginReply, Registered, SignInReply, TOTP_CODE_MAX, UserInfo } from '../../src/contract/replies'
import { type RouteDeps } from '../http/deps'
import { changeLoginPassword, logIn, register, setFundPassword, userInfo } from './service'
import { signInForDay } from './sign-in-service'
import { EmptyObject, replies, IdempotencyHeaders, PasswordText, ShortText } from '../http/schemas'

const RegisterBody = Type.Object({
  account: ShortText(),
  password: PasswordText,
  confirmPassword: PasswordText,
  inviteCode: ShortText(),
  agree: Type.Boolean(),
})

const LoginBody = Type.Object({
  account: ShortText(),
  password: PasswordText,
  totpCode: Type.Optional(ShortText(TOTP_CODE_MAX)),
})

const LoginPassBody = Type.Object({ oldPassword: PasswordText, password: PasswordText, confirmPassword: PasswordText })

/** 429 too_many_attempts, with the rule that refused (server/accounts/guess-limit-rules.ts). */
const TOO_MANY = 'HTTP 429 too_many_attempts {retryAfter, rule, limit, windowSeconds}'

export const accountRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, now, runIdempotent } = deps

  app.post(
    '/user/register',
    {
      config: { idempotent: true },
      schema: {
        tags: ['user'],
        summary: 'Create an account with an invite code',
        description: `Refusals: account_invalid, password_length {min,max}, password_mismatch, agreement_required, invite_code_invalid, account_exists; ${TOO_MANY} (rule registration: new accounts per address)`,
        headers: IdempotencyHeaders,
        body: RegisterBody,
        response: replies(Registered),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => commit(await register(deps, { ...request.body, clientIp: request.ip, now: now() }))),
  )

  app.post(
    '/user/login',
    {
      schema: {
        tags: ['user'],
        summary: 'Sign in; returns the session token',
        description:
          `Refusals: login_failed, totp_invalid (a wrong or used code, counted like a wrong password), account_closed, totp_required (two-step sign-in is on: send totpCode, 6 digits or a recovery code), account_disabled {reason}, login_banned {reason}, account_frozen {reason}; ${TOO_MANY} (rules account_address, address). Past login_slow_after failures on the account from any address, the answer comes after a growing delay.`,
        body: LoginBody,
        response: replies(LoginReply),
      },
    },
    async (request) => ok(await logIn(deps, { ...request.body, clientIp: request.ip, now: now() })),
  )

  app.post(
    '/user/logout',
    {
      schema: { tags: ['user'], summary: 'End this session', body: EmptyObject, response: replies(EmptyObject) },
    },
    async (request) => {
      await revokeSession(db, sessionOf(request).sessionId, now())
      return ok({})
    },
  )

  app.post(
    '/user/info',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user: balances, flags, real-name and sign-in state',
        body: EmptyObject,
        response: replies(UserInfo),
      },
    },
    async (request) => ok(await userInfo(deps, sessionOf(request).userId, now())),
  )

  app.post(
    '/user/loginPass',
    {
      config: { idempotent: true },
      schema: {
        tags: ['user'],
        summary: 'Change the login password; every other session is signed out',
        description: `Refusals: password_length {min,max}, password_mismatch, password_wrong, password_same; ${TOO_MANY} (rule password; the session whose wrong password reaches the limit is ended)`,
        headers: IdempotencyHeaders,
        body: LoginPassBody,
        response: replies(EmptyObject),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) =>
        commit(await changeLoginPassword(deps, sessionOf(request), { ...request.body, clientIp: request.ip, now: now() })),
      ),
  )

  app.post(
    '/user/fundPass',
    {
      config: { idempotent: true },
      schema: {
        tags: ['user'],
        summary: 'Set the fund password (proved by the login password) or change it (proved by the current fund password)',
        description: `Refusals: fund_password_format {digits}, password_mismatch, password_wrong, fund_password_wrong; ${TOO_MANY} (rule password; for the login password, the session whose wrong one reaches the limit is ended)`,
        headers: IdempotencyHeaders,
        body: Type.Object({
          password: Type.Optional(PasswordText),
          oldFundPassword: Type.Optional(PasswordText),
          fundPassword: PasswordText,
          confirmFundPassword: PasswordText,
        }),
        response: replies(EmptyObject),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) =>
        commit(await setFundPassword(deps, sessionOf(request), { ...request.body, clientIp: request.ip, now: now() })),
      ),
  )

  app.post(
    '/user/signIn',
    {
      config: { idempotent: true },
      schema: {
        tags: ['user'],
        summary: 'Daily sign-in (once per India day) with a reward in paise',
        description: 'Refusals: already_signed_in {day}',
        headers: IdempotencyHeaders,
        body: EmptyObject,
        response: replies(SignInReply),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => commit((trx) => signInForDay(trx, deps, sessionOf(request).userId, now()))),
  )
}
