/** /user/*: register, sign in and out, the user's summary, password change, daily sign-in. */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  accountExists,
  flagSummary,
  fundPasswordRefusal,
  fundPasswordWrong,
  inviteCodeInvalid,
  loginFailed,
  loginFlagRefusal,
  normaliseInviteCode,
  passwordChangeRefusal,
  passwordSameRefusal,
  passwordWrong,
  registrationRefusal,
  restrictionsOf,
} from '../domain/accounts'
import { HOUSE_PROMOTIONS, LEDGER_REASONS, transfer, userAccount } from '../domain/ledger'
import { CURRENCY } from '../domain/money'
import { burnPasswordCheck, hashPassword, verifyPassword } from '../domain/password-hash'
import { alreadySignedIn, signInDay, signInStatus } from '../domain/sign-in'
import { newSessionToken } from '../domain/tokens'
import { sessionOf } from '../plugins/auth'
import { ok, tooManyAttempts, unauthorized } from '../plugins/envelope'
import { flagsOf } from '../repositories/account-flags'
import { balancesOf, postEntry } from '../repositories/ledger'
import { beginAttempt, clearAccountFailures, forgetAttempt } from '../repositories/login-failures'
import { insertSession, revokeOtherSessions, revokeSession } from '../repositories/sessions'
import { hasSignedIn, insertSignIn, signInSummary } from '../repositories/sign-ins'
import {
  findUserByAccount,
  findUserById,
  insertUser,
  inviteCodeExists,
  lockUsers,
  updateFundPasswordHash,
  updatePasswordHash,
  userInviteCode,
} from '../repositories/users'
import { loginLimits } from '../config'
import { type RouteDeps } from './deps'
import { checkFundPassword } from './fund-password-guard'
import { EmptyObject, replies, IdempotencyHeaders, PasswordText, PRIVATE, ShortText } from './schemas'

const RegisterBody = Type.Object({
  account: ShortText(),
  password: PasswordText,
  confirmPassword: PasswordText,
  inviteCode: ShortText(),
  agree: Type.Boolean(),
})

const LoginBody = Type.Object({ account: ShortText(), password: PasswordText })

const LoginPassBody = Type.Object({ oldPassword: PasswordText, password: PasswordText, confirmPassword: PasswordText })

const PaiseAmount = (description: string) => Type.Integer({ description: `${description}, integer paise` })

const UserInfo = Type.Object({
  account: Type.String(),
  inviteCode: Type.String(),
  createdAt: Type.Integer(),
  currency: Type.Literal('INR'),
  balances: Type.Object({ available: PaiseAmount('spendable'), frozen: PaiseAmount('held'), total: PaiseAmount('available + frozen') }),
  flags: Type.Object({
    frozen: Type.Boolean(),
    loginBanned: Type.Boolean(),
    disabled: Type.Boolean(),
    noTrade: Type.Boolean(),
    noWithdraw: Type.Boolean(),
    marginTrading: Type.Boolean({ description: 'leverage above 1 allowed' }),
  }),
  fundPasswordSet: Type.Boolean({ description: 'a fund password exists (withdrawals need it)' }),
  restrictions: Type.Array(
    Type.Object({
      flag: Type.Union([Type.Literal('frozen'), Type.Literal('login_banned'), Type.Literal('disabled'), Type.Literal('no_trade'), Type.Literal('no_withdraw')]),
      reason: Type.String(),
    }),
    { description: 'each flag the back office set on the account, with the reason the user is shown' },
  ),
  realName: Type.Object({
    status: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('verified'), Type.Literal('failed')]),
    name: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
  }),
  signIn: Type.Object({ count: Type.Integer(), lastDay: Type.Union([Type.String(), Type.Null()]), today: Type.Boolean() }),
})

export const userRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, now, runIdempotent } = deps

  app.post(
    '/user/register',
    {
      config: { idempotent: true },
      schema: {
        tags: ['user'],
        summary: 'Create an account with an invite code',
        description: 'Refusals: account_invalid, password_length {min,max}, password_mismatch, agreement_required, invite_code_invalid, account_exists',
        headers: IdempotencyHeaders,
        body: RegisterBody,
        response: replies(Type.Object({ account: Type.String() })),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => {
        const input = request.body
        const refusal = registrationRefusal(input, config)
        if (refusal) throw refusal
        const inviteCode = normaliseInviteCode(input.inviteCode)
        if (!(await inviteCodeExists(db, inviteCode))) throw inviteCodeInvalid()
        if (await findUserByAccount(db, input.account)) throw accountExists()
        const passwordHash = await hashPassword(input.password)
        return commit(async (trx) => {
          const created = await insertUser(trx, { account: input.account, passwordHash, invitedByCode: inviteCode, now: now() })
          if (!created) throw accountExists()
          return { account: input.account }
        })
      }),
  )

  app.post(
    '/user/login',
    {
      schema: {
        tags: ['user'],
        summary: 'Sign in; returns the session token',
        description:
          'Refusals: login_failed, account_disabled {reason}, login_banned {reason}, account_frozen {reason}; HTTP 429 too_many_attempts {retryAfter}',
        body: LoginBody,
        response: replies(Type.Object({ token: Type.String(), account: Type.String(), expiresAt: Type.Integer({ description: 'epoch ms' }) })),
      },
    },
    async (request) => {
      const { account, password } = request.body
      const at = now()
      // Before the password is checked: a blocked guesser learns nothing, and costs no hashing.
      const { attemptId, decision } = await beginAttempt(db, { account, clientIp: request.ip, now: at, limits: loginLimits(config) })
      if (!decision.allowed) {
        await forgetAttempt(db, attemptId)
        throw tooManyAttempts(decision.retryAfterSeconds)
      }

      const user = await findUserByAccount(db, account)
      const passwordOk = user ? await verifyPassword(user.password_hash, password) : (await burnPasswordCheck(password), false)
      // A wrong password keeps the attempt's row as a failure.
      if (!user || !passwordOk) throw loginFailed()
      await clearAccountFailures(db, account)
      const flagRefusal = loginFlagRefusal(await flagsOf(db, user.id))
      if (flagRefusal) throw flagRefusal

      const { token, tokenHash } = newSessionToken()
      const expiresAt = at + config.tokenTtlSeconds * 1000
      await insertSession(db, { userId: user.id, tokenHash, clientIp: request.ip, now: at, expiresAt })
      return ok({ token, account: user.account, expiresAt })
    },
  )

  app.post(
    '/user/logout',
    {
      config: { auth: true },
      schema: { tags: ['user'], summary: 'End this session', security: PRIVATE, body: EmptyObject, response: replies(EmptyObject) },
    },
    async (request) => {
      await revokeSession(db, sessionOf(request).sessionId, now())
      return ok({})
    },
  )

  app.post(
    '/user/info',
    {
      config: { auth: true },
      schema: {
        tags: ['user'],
        summary: 'The signed-in user: balances, flags, real-name and sign-in state',
        security: PRIVATE,
        body: EmptyObject,
        response: replies(UserInfo),
      },
    },
    async (request) => {
      const session = sessionOf(request)
      const user = await findUserById(db, session.userId)
      if (!user) throw unauthorized()
      const [inviteCode, balances, flags, signIns] = await Promise.all([
        userInviteCode(db, user.id),
        balancesOf(db, user.id),
        flagsOf(db, user.id),
        signInSummary(db, user.id),
      ])
      return ok({
        account: user.account,
        inviteCode: inviteCode ?? '',
        createdAt: user.created_at,
        currency: CURRENCY,
        balances,
        flags: flagSummary(flags, user.margin_trading),
        fundPasswordSet: user.fund_password_hash !== null,
        restrictions: restrictionsOf(flags),
        realName: { status: user.real_name_status, name: user.real_name, reason: user.real_name_reason },
        signIn: signInStatus(signIns.count, signIns.lastDay, now()),
      })
    },
  )

  app.post(
    '/user/loginPass',
    {
      config: { auth: true, idempotent: true },
      schema: {
        tags: ['user'],
        summary: 'Change the login password; every other session is signed out',
        description: 'Refusals: password_length {min,max}, password_mismatch, password_wrong, password_same',
        security: PRIVATE,
        headers: IdempotencyHeaders,
        body: LoginPassBody,
        response: replies(EmptyObject),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => {
        const input = request.body
        const session = sessionOf(request)
        const refusal = passwordChangeRefusal(input, config)
        if (refusal) throw refusal
        const user = await findUserById(db, session.userId)
        if (!user) throw unauthorized()
        if (!(await verifyPassword(user.password_hash, input.oldPassword))) throw passwordWrong()
        const same = passwordSameRefusal(input)
        if (same) throw same
        const passwordHash = await hashPassword(input.password)
        return commit(async (trx) => {
          await updatePasswordHash(trx, user.id, passwordHash)
          await revokeOtherSessions(trx, user.id, session.sessionId, now())
          return {}
        })
      }),
  )

  app.post(
    '/user/fundPass',
    {
      config: { auth: true, idempotent: true },
      schema: {
        tags: ['user'],
        summary: 'Set the fund password (proved by the login password) or change it (proved by the current fund password)',
        description: 'Refusals: fund_password_format {digits}, password_mismatch, password_wrong, fund_password_wrong',
        security: PRIVATE,
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
      runIdempotent(request, reply, async (commit) => {
        const input = request.body
        const refusal = fundPasswordRefusal(input)
        if (refusal) throw refusal
        const user = await findUserById(db, sessionOf(request).userId)
        if (!user) throw unauthorized()
        // The first one is proved by the login password; a change by the fund password it replaces.
        if (user.fund_password_hash === null) {
          if (!(await verifyPassword(user.password_hash, input.password ?? ''))) throw passwordWrong()
        } else if (
          !(await checkFundPassword(db, config, { userId: user.id, clientIp: request.ip, hash: user.fund_password_hash, password: input.oldFundPassword ?? '', now: now() }))
        ) {
          throw fundPasswordWrong()
        }
        const fundPasswordHash = await hashPassword(input.fundPassword)
        return commit(async (trx) => {
          await updateFundPasswordHash(trx, user.id, fundPasswordHash)
          return {}
        })
      }),
  )

  app.post(
    '/user/signIn',
    {
      config: { auth: true, idempotent: true },
      schema: {
        tags: ['user'],
        summary: 'Daily sign-in (once per India day) with a reward in paise',
        description: 'Refusals: already_signed_in {day}',
        security: PRIVATE,
        headers: IdempotencyHeaders,
        body: EmptyObject,
        response: replies(Type.Object({ count: Type.Integer(), reward: PaiseAmount('credited'), day: Type.String({ description: 'YYYY-MM-DD, India' }) })),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) =>
        commit(async (trx) => {
          const { userId } = sessionOf(request)
          const at = now()
          const day = signInDay(at)
          // The row lock orders two sign-ins of one user; the primary key would catch a race anyway.
          await lockUsers(trx, [userId])
          if (await hasSignedIn(trx, userId, day)) throw alreadySignedIn(day)
          const reward = config.signinReward
          const entryId = await postEntry(
            trx,
            transfer({
              reason: LEDGER_REASONS.signInReward,
              reference: `sign_in:${day}`,
              from: HOUSE_PROMOTIONS,
              to: userAccount(userId, 'available'),
              currency: CURRENCY,
              amount: reward,
            }),
            at,
          )
          if (!(await insertSignIn(trx, { userId, day, reward, entryId, now: at }))) throw alreadySignedIn(day)
          const { count } = await signInSummary(trx, userId)
          return { count, reward, day }
        }),
      ),
  )
}
