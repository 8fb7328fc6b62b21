/**
 * /user/totp/*: two-step sign-in with an authenticator app (server/totp/service.ts). Not stored
 * for idempotent replay on purpose: the replies hold the secret and the recovery codes, which must
 * not be kept anywhere in the clear; a retried setup just makes a new secret, a retried enable
 * answers totp_already_enabled.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { TOTP_CODE_MAX, TotpEnabled, TotpSetup } from '../../src/contract/replies'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, PasswordText, ShortText, replies } from '../http/schemas'
import { setUpTotp, turnOffTotp, turnOnTotp } from './service'

const TOO_MANY = 'HTTP 429 too_many_attempts {retryAfter, rule, limit, windowSeconds}'

export const totpRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { now } = deps

  app.post(
    '/user/totp/setup',
    {
      schema: {
        tags: ['user'],
        summary: 'A new authenticator secret (base32 and otpauth:// URL), proved by the login password; not on until /user/totp/enable',
        description: `Refusals: password_wrong, totp_already_enabled; ${TOO_MANY} (rule password)`,
        body: Type.Object({ password: PasswordText }),
        response: replies(TotpSetup),
      },
    },
    async (request) => ok(await setUpTotp(deps, sessionOf(request), { ...request.body, clientIp: request.ip, now: now() })),
  )

  app.post(
    '/user/totp/enable',
    {
      schema: {
        tags: ['user'],
        summary: 'Turn two-step sign-in on with a code from the new secret; returns the 10 recovery codes, this once',
        description: `Refusals: totp_not_set_up, totp_already_enabled, totp_invalid; ${TOO_MANY} (rule password, key totp)`,
        body: Type.Object({ code: ShortText(TOTP_CODE_MAX) }),
        response: replies(TotpEnabled),
      },
    },
    async (request) => ok(await turnOnTotp(deps, sessionOf(request), { ...request.body, clientIp: request.ip, now: now() })),
  )

  app.post(
    '/user/totp/disable',
    {
      schema: {
        tags: ['user'],
        summary: 'Turn two-step sign-in off: the login password and a code (or a recovery code)',
        description: `Refusals: totp_not_enabled, password_wrong, totp_invalid; ${TOO_MANY} (rule password)`,
        body: Type.Object({ password: PasswordText, code: ShortText(TOTP_CODE_MAX) }),
        response: replies(EmptyObject),
      },
    },
    async (request) => ok(await turnOffTotp(deps, sessionOf(request), { ...request.body, clientIp: request.ip, now: now() })),
  )
}
