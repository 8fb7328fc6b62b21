/**
 * One hook authenticates every private route (accessOf in access.ts: all of /api/vue and
 * /api/admin but the public list): a user route needs the `token` and `account` headers of a live
 * session, a back-office route the `operator-token` of a live operator session, else 401 before
 * the body is even parsed. A user's token never opens an operator's route, nor the other way.
 * An operator who must change the password given to them gets 403 password_change_required from
 * every back-office route but the change, who-am-I and sign-out (admin/operator-session.ts).
 */
import { type FastifyInstance, type FastifyRequest } from 'fastify'
import { hashSessionToken } from '../accounts/tokens'
import { type Executor } from '../db/executor'
import { type OperatorSession } from '../admin/operator-repository'
import { OPEN_BEFORE_PASSWORD_CHANGE, operatorOfToken, passwordChangeRequired } from '../admin/operator-session'
import { findLiveSessions, type LiveSession, type SessionLookup } from '../accounts/session-repository'
import { accessOf } from './access'
import { coalesce } from './coalesce'
import { unauthorized } from './envelope'

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** The route is a mutation that needs an Idempotency-Key. (Who may call it is not configured here: see access.ts.) */
    idempotent?: boolean
    /**
     * With idempotent: the key is written as done with the reply, in the effect's transaction,
     * rather than claimed before the handler (plugins/idempotency.ts): for a route whose whole
     * effect is one commit() or join(), and nothing before it but reads.
     */
    claimAtCommit?: boolean
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    session: LiveSession | null
    operator: OperatorSession | null
  }
}

export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return typeof value === 'string' ? value : undefined
}

export function installAuth(app: FastifyInstance, deps: { db: Executor; now: () => number }): void {
  app.decorateRequest('session', null)
  app.decorateRequest('operator', null)
  // Requests that arrive together are checked in one query; each against its own header and time.
  const lookUp = coalesce((lookups: readonly SessionLookup[]) => findLiveSessions(deps.db, lookups))
  app.addHook('onRequest', async (request) => {
    // No route matched (a 404): nothing to open.
    const url = request.routeOptions.url
    if (url === undefined) return
    const access = accessOf(url)
    if (access === 'public') return
    if (access === 'operator') {
      const token = headerValue(request, 'operator-token')
      const operator = token ? await operatorOfToken(deps.db, token, deps.now()) : undefined
      if (!operator) throw unauthorized()
      if (operator.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(url)) throw passwordChangeRequired()
      request.operator = operator
      return
    }
    const token = headerValue(request, 'token')
    const account = headerValue(request, 'account')
    if (!token || !account) throw unauthorized()
    const session = await lookUp({ tokenHash: hashSessionToken(token), account, now: deps.now() })
    if (!session) throw unauthorized()
    request.session = session
  })
}

/** The session of a private route's request; the auth hook guarantees it is there. */
export function sessionOf(request: FastifyRequest): LiveSession {
  if (!request.session) throw new Error(`route ${request.routeOptions.url ?? request.url} is not a user route (access.ts)`)
  return request.session
}
