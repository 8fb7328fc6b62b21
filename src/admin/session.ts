/**
 * The operator's session: the token lives in sessionStorage, so it ends with the tab, and every
 * call goes through the one HTTP client (src/data/api.ts operatorCall).
 */
import type { OperatorLogin } from '../contract/admin-replies'
import { ApiRefusal, operatorCall } from '../data/api'

const KEY = 'tijori-operator'

/** `mustChangePassword`: the first operator's given password; nothing else works until it is changed. */
export type OperatorSession = { token: string; username: string; mustChangePassword: boolean }

export function storedOperator(): OperatorSession | null {
  try {
    const raw = sessionStorage.getItem(KEY)
    if (!raw) return null
    const stored = JSON.parse(raw) as Partial<OperatorSession>
    return stored.token && stored.username ? { token: stored.token, username: stored.username, mustChangePassword: stored.mustChangePassword === true } : null
  } catch {
    return null
  }
}

export async function signIn(username: string, password: string): Promise<OperatorSession> {
  const { token, mustChangePassword } = await operatorCall<OperatorLogin>('/operator/login', { username, password }, null)
  return remember({ token, username, mustChangePassword })
}

function remember(session: OperatorSession): OperatorSession {
  sessionStorage.setItem(KEY, JSON.stringify(session))
  return session
}

/** The signed-in operator's new password; the session stays, the others end. */
export async function changePassword(oldPassword: string, password: string): Promise<OperatorSession | null> {
  await adminCall('/operator/password', { oldPassword, password })
  const session = storedOperator()
  return session ? remember({ ...session, mustChangePassword: false }) : null
}

export function forget(): void {
  sessionStorage.removeItem(KEY)
}

/**
 * A call as the stored operator; a 401 (expired, signed out elsewhere) forgets the session, and a
 * 403 password_change_required sends the operator to the password change.
 */
export async function adminCall<T>(path: string, body: object = {}): Promise<T> {
  try {
    return await operatorCall<T>(path, body, storedOperator()?.token ?? null)
  } catch (error) {
    if (error instanceof ApiRefusal && error.httpStatus === 401) {
      forget()
      window.dispatchEvent(new Event('operator-signed-out'))
    }
    const session = storedOperator()
    if (error instanceof ApiRefusal && error.code === 'password_change_required' && session) {
      remember({ ...session, mustChangePassword: true })
      window.dispatchEvent(new Event('operator-must-change-password'))
    }
    throw error
  }
}

/** An error as one line for the page: the server's own message names the rule. */
export function errorText(error: unknown): string {
  if (error instanceof ApiRefusal) return error.msg || error.code
  return 'The server cannot be reached. Check the connection and try again.'
}
