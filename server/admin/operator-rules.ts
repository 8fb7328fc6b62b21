/**
 * Operator accounts (the back office): who may be one, and the first operator made from the
 * environment at start (TIJORI_OPERATOR="name:password", documented in README.md).
 */
import { DomainRefusal } from '../http/refusal'

const OPERATOR_NAME = /^[a-z0-9_.-]{3,32}$/

/** Operators can move other people's reviews, so their passwords are longer than users'. */
export const OPERATOR_PASSWORD = { min: 10, max: 128 } as const

export function isValidOperatorName(name: string): boolean {
  return OPERATOR_NAME.test(name)
}

export function operatorPasswordRefusal(password: string): DomainRefusal | null {
  const length = [...password].length
  if (length >= OPERATOR_PASSWORD.min && length <= OPERATOR_PASSWORD.max) return null
  return new DomainRefusal('password_length', { ...OPERATOR_PASSWORD }, `The password must be ${OPERATOR_PASSWORD.min} to ${OPERATOR_PASSWORD.max} characters long.`)
}

/** TIJORI_OPERATOR="name:password" -> the first operator; throws with the rule it breaks. */
export function parseOperatorSetting(value: string): { username: string; password: string } {
  const colon = value.indexOf(':')
  const username = colon < 0 ? '' : value.slice(0, colon)
  const password = colon < 0 ? '' : value.slice(colon + 1)
  if (!isValidOperatorName(username)) throw new Error('TIJORI_OPERATOR is "name:password"; the name is 3 to 32 of a-z, 0-9, dot, dash, underscore')
  const weak = operatorPasswordRefusal(password)
  if (weak) throw new Error(`TIJORI_OPERATOR: ${weak.message}`)
  return { username, password }
}
