/**
 * The server's input rules, checked before sending for a fast answer (DESIGN.md section 4: the
 * server is the authority). Each failure is a refusal with the server's own code and params, so
 * the user reads the same translated sentence whether the browser or the server refused.
 */
import { type RefusalLike } from '../i18n/serverMessages'
import { ACCOUNT_PATTERN } from '../lib/validators'

export type PasswordRules = { min: number; max: number }

export function checkAccount(account: string): RefusalLike | null {
  return ACCOUNT_PATTERN.test(account) ? null : { code: 'account_invalid', msg: 'invalid account' }
}

export function checkPassword(password: string, rules: PasswordRules): RefusalLike | null {
  // Counted in code points, as the server counts them: an emoji is one character to the user.
  const length = [...password].length
  return length >= rules.min && length <= rules.max
    ? null
    : { code: 'password_length', params: { min: rules.min, max: rules.max }, msg: 'password length' }
}

export function checkConfirm(password: string, confirm: string): RefusalLike | null {
  return password === confirm ? null : { code: 'password_mismatch', msg: 'passwords differ' }
}

/**
 * What the mobile-number field keeps of what was typed or pasted: digits only, without a
 * pasted +91 country code or leading trunk 0, at most ten.
 */
export function cleanAccountInput(value: string): string {
  let digits = value.replace(/\D/g, '')
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2)
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1)
  return digits.slice(0, 10)
}
