/**
 * The operator's session: the token lives in sessionStorage, so it ends with the tab, and every
 * call goes through the one HTTP client (src/data/api.ts operatorCall).
 */
import type { OperatorLogin } from '../contract/admin-replies'
import { ApiRefusal, operatorCall } from '../data/api'

const KEY = 'tijori-operator'

export type OperatorSession = { token: string; username: string }

export function storedOperator(): OperatorSession | null {
  try {
    const raw = sessionStorage.getItem(KEY)
    return raw ? (JSON.parse(raw) as OperatorSession) : null
  } catch {
    return null
  }
}

export async function signIn(username: string, password: string): Promise<OperatorSession> {
  const { token } = await operatorCall<OperatorLogin>('/operator/login', { username, password }, null)
  const session = { token, username }
  sessionStorage.setItem(KEY, JSON.stringify(session))
  return session
}

export function forget(): void {
  sessionStorage.removeItem(KEY)
}

/** A call as the stored operator; a 401 (expired, signed out elsewhere) forgets the session. */
export async function adminCall<T>(path: string, body: object = {}): Promise<T> {
  try {
    return await operatorCall<T>(path, body, storedOperator()?.token ?? null)
  } catch (error) {
    if (error instanceof ApiRefusal && error.httpStatus === 401) {
      forget()
      window.dispatchEvent(new Event('operator-signed-out'))
    }
    throw error
  }
}

/** An error as one line for the page: the server's own message names the rule. */
export function errorText(error: unknown): string {
  if (error instanceof ApiRefusal) return error.msg || error.code
  return 'The server cannot be reached. Check the connection and try again.'
}
