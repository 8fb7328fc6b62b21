import { redirect } from '@tanstack/react-router'
import { getSession } from '../data/session'

/** beforeLoad of every private screen: without a session the user goes to the login screen. */
export function requireSession(): void {
  if (!getSession()) throw redirect({ to: '/login/login', replace: true })
}
