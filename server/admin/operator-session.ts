/**
 * The back office's session, shared by every back-office route file (admin, reviews, identity's
 * and accounts' admin routes): the auth hook (plugins/auth.ts) finds the operator of a token here,
 * a handler reads it with operatorOf, and the answers every back-office route gives alike.
 * Which routes need an operator is decided by path alone (plugins/access.ts).
 */
import { type FastifyRequest } from 'fastify'
import { hashSessionToken } from '../accounts/tokens'
import { type Executor } from '../db/executor'
import { DomainRefusal } from '../http/refusal'
import { ShortText } from '../http/schemas'
import { HttpError } from '../plugins/envelope'
import { findLiveOperatorSession, type OperatorSession } from './operator-repository'

import { ADMIN_PREFIX } from '../plugins/access'

/** Every route here needs an operator's session but the sign-in (access.ts). */
export { ADMIN_PREFIX }

/** An operator session lasts one working day; the page asks for the password again after it. */
export const OPERATOR_SESSION_MS = 12 * 3600 * 1000

/** Rows the back office shows at once. */
export const LIST_LIMIT = 100

/**
 * What an operator who must change the password (the first one, until they do) may call: the
 * change itself, who am I, and sign-out. Every other back-office route answers 403
 * password_change_required (plugins/auth.ts).
 */
export const OPEN_BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set(['/operator/password', '/operator/me', '/operator/logout'].map((path) => `${ADMIN_PREFIX}${path}`))

export const passwordChangeRequired = () => new HttpError(403, 'password_change_required', {}, 'Change the password you were given before anything else.')

/** The live operator session of an `operator-token`, or undefined. */
export async function operatorOfToken(db: Executor, token: string, now: number): Promise<OperatorSession | undefined> {
  return findLiveOperatorSession(db, hashSessionToken(token), now)
}

/** The operator of a back-office route's request; the auth hook guarantees it is there. */
export function operatorOf(request: FastifyRequest): OperatorSession {
  if (!request.operator) throw new Error(`route ${request.routeOptions.url ?? request.url} is not a back-office route (access.ts)`)
  return request.operator
}

export const notFound = (what: string) => new HttpError(404, 'not_found', { what }, `No such ${what}.`)

/** A reason the user will read: required to reject, and for every flag change. */
export const Reason = ShortText(500)

export function needReason(reason: string | undefined): string {
  const text = reason?.trim() ?? ''
  if (text === '') throw new DomainRefusal('reason_required', {}, 'Write the reason the user will see.')
  return text
}
