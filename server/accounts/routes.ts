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
} from './rules'
import { HOUSE_PROMOTIONS, LEDGER_REASONS, transfer, userAccount } from '../ledger/rules'
import { CURRENCY } from '../ledger/money'
import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hash'
import { alreadySignedIn, signInDay, signInStatus } from './sign-in-rules'
import { newSessionToken } from './tokens'
import { sessionOf } from '../plugins/auth'
import { ok, unauthorized } from '../plugins/envelope'
import { flagsOf } from './flag-repository'
import { balancesOf, postEntry } from '../ledger/repository'
import { beginRegistration, noteFailedSignIn, rollFailedSignIns } from './guess-limit-repository'
import { insertSession, revokeOtherSessions, revokeSession } from './session-repository'
import { hasSignedIn, insertSignIn, signInSummary } from './sign-in-repository'
import {
  findUserByAccount,
  findUserById,
  insertUser,
  inviteCodeExists,
  lockUsers,
  updateFundPasswordHash,
  updatePasswordHash,
  userInviteCode,
} from './repository'
import { registrationRule } from '../config'
import { type RouteDeps } from '../http/deps'
import { checkFundPassword } from './fund-password-guard'
import { checkSessionPassword, signInSucceeded, startSignIn, tooManyAttemptsFor } from './guess-guard'
import { EmptyObject, replies, IdempotencyHeaders, PasswordText, ShortText } from '../http/schemas'

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
  failedSignIns: Type.Object(
    { count: Type.Integer({ minimum: 0 }), lastAt: Type.Union([Type.Integer({ description: 'epoch ms' }), Type.Null()]) },
    { description: 'wrong sign-in passwords for this account since the sign-in before the latest one, and when the last was' },
  ),
})

/** 429 too_many_attempts, with the rule that refused (server/accounts/guess-limit-rules.ts). */
const TOO_MANY = 'HTTP 429 too_many_attempts {retryAfter, rule, limit, windowSeconds}'

export const userRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, now, runIdempotent } = deps
  const passwordKey = (userId: number) => `password:${userId}`

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
        response: replies(Type.Object({ account: Type.String() })),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => {
        const input = request.body
        const refusal = registrationRefusal(input, config)
        if (refusal) throw refusal
        // Every registration that reaches the database counts, refused or not: it also caps how
        // fast one address can learn which numbers have accounts (account_exists).
        const limit = await beginRegistration(db, { clientIp: request.ip, now: now(), rule: registrationRule(config) })
        if (!limit.allowed) throw tooManyAttemptsFor(limit)
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
          `Refusals: login_failed, account_disabled {reason}, login_banned {reason}, account_frozen {reason}; ${TOO_MANY} (rules account_address, address). Past login_slow_after failures on the account from any address, the answer comes after a growing delay.`,
        body: LoginBody,
        response: replies(Type.Object({ token: Type.String(), account: Type.String(), expiresAt: Type.Integer({ description: 'epoch ms' }) })),
      },
    },
    async (request) => {
      const { account, password } = request.body
      const at = now()
      const key = `user:${account}`
      // Before the password is checked: a blocked guesser learns nothing, and costs no hashing.
      await startSignIn(deps, { key, clientIp: request.ip, now: at })

      const user = await findUserByAccount(db, account)
      const passwordOk = user ? await verifyPassword(user.password_hash, password) : (await burnPasswordCheck(password), false)
      // A wrong password keeps the attempt's row as a failure, and the owner is told.
      if (!user || !passwordOk) {
        if (user) await noteFailedSignIn(db, user.id, at)
        throw loginFailed()
      }
      await signInSucceeded(deps, { key, clientIp: request.ip })
      const flagRefusal = loginFlagRefusal(await flagsOf(db, user.id))
      if (flagRefusal) throw flagRefusal
      await rollFailedSignIns(db, user.id)

      const { token, tokenHash } = newSessionToken()
      const expiresAt = at + config.tokenTtlSeconds * 1000
      await insertSession(db, { userId: user.id, tokenHash, clientIp: request.ip, now: at, expiresAt })
      return ok({ token, account: user.account, expiresAt })
    },
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
        failedSignIns: {
          count: user.failed_sign_ins + user.failed_sign_ins_before,
          lastAt: user.last_failed_sign_in_at ?? user.last_failed_sign_in_before_at,
        },
      })
    },
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
      runIdempotent(request, reply, async (commit) => {
        const input = request.body
        const session = sessionOf(request)
        const refusal = passwordChangeRefusal(input, config)
        if (refusal) throw refusal
        const user = await findUserById(db, session.userId)
        if (!user) throw unauthorized()
        const right = await checkSessionPassword(deps, {
          key: passwordKey(user.id),
          clientIp: request.ip,
          now: now(),
          verify: () => verifyPassword(user.password_hash, input.oldPassword),
          endSession: () => revokeSession(db, session.sessionId, now()),
        })
        if (!right) throw passwordWrong()
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
      runIdempotent(request, reply, async (commit) => {
        const input = request.body
        const refusal = fundPasswordRefusal(input)
        if (refusal) throw refusal
        const session = sessionOf(request)
        const user = await findUserById(db, session.userId)
        if (!user) throw unauthorized()
        // The first one is proved by the login password (guarded like loginPass, under the same
        // key); a change by the fund password it replaces.
        if (user.fund_password_hash === null) {
          const right = await checkSessionPassword(deps, {
            key: passwordKey(user.id),
            clientIp: request.ip,
            now: now(),
            verify: () => verifyPassword(user.password_hash, input.password ?? ''),
            endSession: () => revokeSession(db, session.sessionId, now()),
          })
          if (!right) throw passwordWrong()
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
      config: { idempotent: true },
      schema: {
        tags: ['user'],
        summary: 'Daily sign-in (once per India day) with a reward in paise',
        description: 'Refusals: already_signed_in {day}',
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
