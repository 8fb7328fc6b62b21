/**
 * Account rules: who may register, what a password must look like, and which account flags stop
 * a sign-in. Pure functions that return the refusal to send, or null when the rule is met.
 */
import { ACCOUNT_PATTERN, FUND_PASSWORD_PATTERN } from '../../src/lib/validators'
import { DomainRefusal } from '../http/refusal'

export type PasswordRules = { passwordMin: number; passwordMax: number }

export type Registration = {
  account: string
  password: string
  confirmPassword: string
  inviteCode: string
  agree: boolean
}

export type PasswordChange = { oldPassword: string; password: string; confirmPassword: string }

export function isValidAccount(account: string): boolean {
  return ACCOUNT_PATTERN.test(account)
}

/** Invite codes are typed by hand from a poster or a message: case and stray spaces do not matter. */
export function normaliseInviteCode(code: string): string {
  return code.trim().toUpperCase()
}

function passwordLengthRefusal(password: string, rules: PasswordRules): DomainRefusal | null {
  // Count code points, not UTF-16 units, so an emoji counts as one character as a person sees it.
  const length = [...password].length
  if (length >= rules.passwordMin && length <= rules.passwordMax) return null
  return new DomainRefusal(
    'password_length',
    { min: rules.passwordMin, max: rules.passwordMax },
    `The password must be ${rules.passwordMin} to ${rules.passwordMax} characters long.`,
  )
}

function mismatchRefusal(password: string, confirmPassword: string): DomainRefusal | null {
  if (password === confirmPassword) return null
  return new DomainRefusal('password_mismatch', {}, 'The two passwords do not match.')
}

/** The first rule a registration breaks before the database is asked anything. */
export function registrationRefusal(input: Registration, rules: PasswordRules): DomainRefusal | null {
  if (!isValidAccount(input.account)) {
    return new DomainRefusal('account_invalid', {}, 'The account must be a 10-digit Indian mobile number.')
  }
  const refusal = passwordLengthRefusal(input.password, rules) ?? mismatchRefusal(input.password, input.confirmPassword)
  if (refusal) return refusal
  if (!input.agree) return new DomainRefusal('agreement_required', {}, 'Please accept the user agreement.')
  if (normaliseInviteCode(input.inviteCode) === '') return inviteCodeInvalid()
  return null
}

/** An approved deletion request closed the account: it never signs in again. */
export function accountClosed(): DomainRefusal {
  return new DomainRefusal('account_closed', {}, 'This account was closed at its owner\'s request.')
}

export function inviteCodeInvalid(): DomainRefusal {
  return new DomainRefusal('invite_code_invalid', {}, 'The invite code is not valid.')
}

export function accountExists(): DomainRefusal {
  return new DomainRefusal('account_exists', {}, 'This account is already registered.')
}

/** One code for an unknown account and a wrong password, so the reply does not reveal which. */
export function loginFailed(): DomainRefusal {
  return new DomainRefusal('login_failed', {}, 'The account or password is wrong.')
}

/** The rules of a new password that need no database: length, confirmation. */
export function passwordChangeRefusal(input: PasswordChange, rules: PasswordRules): DomainRefusal | null {
  return passwordLengthRefusal(input.password, rules) ?? mismatchRefusal(input.password, input.confirmPassword)
}

export function passwordWrong(): DomainRefusal {
  return new DomainRefusal('password_wrong', {}, 'The current password is wrong.')
}

/** Checked only after the old password is known to be right, so it reveals nothing new. */
export function passwordSameRefusal(input: PasswordChange): DomainRefusal | null {
  if (input.password !== input.oldPassword) return null
  return new DomainRefusal('password_same', {}, 'The new password must differ from the current one.')
}

/** A new fund password: six digits, typed twice alike. */
export function fundPasswordRefusal(input: { fundPassword: string; confirmFundPassword: string }): DomainRefusal | null {
  if (!FUND_PASSWORD_PATTERN.test(input.fundPassword)) return new DomainRefusal('fund_password_format', { digits: 6 }, 'The fund password is six digits.')
  return mismatchRefusal(input.fundPassword, input.confirmFundPassword)
}

export function fundPasswordWrong(): DomainRefusal {
  return new DomainRefusal('fund_password_wrong', {}, 'The fund password is wrong.')
}

export const ACCOUNT_FLAGS = ['frozen', 'login_banned', 'disabled', 'no_trade', 'no_withdraw'] as const
export type AccountFlag = (typeof ACCOUNT_FLAGS)[number]
/** The flags that keep a user out: setting one also ends the user's open sessions. */
export const SIGN_OUT_FLAGS: readonly AccountFlag[] = ['frozen', 'login_banned', 'disabled']
export type FlagReasons = Partial<Record<AccountFlag, string>>

/**
 * The flag that stops a sign-in, checked after the password is verified so a stranger learns
 * nothing about an account's flags. The strongest flag wins: disabled, then banned, then frozen.
 */
export function loginFlagRefusal(flags: FlagReasons): DomainRefusal | null {
  if (flags.disabled !== undefined) {
    return new DomainRefusal('account_disabled', { reason: flags.disabled }, `This account is disabled: ${flags.disabled}`)
  }
  if (flags.login_banned !== undefined) {
    return new DomainRefusal('login_banned', { reason: flags.login_banned }, `Sign-in is blocked for this account: ${flags.login_banned}`)
  }
  if (flags.frozen !== undefined) {
    return new DomainRefusal('account_frozen', { reason: flags.frozen }, `This account is frozen: ${flags.frozen}`)
  }
  return null
}

/**
 * UserInfo.flags: every flag as a boolean, camelCase as the contract spells it, and whether
 * margin trading (leverage above 1) is enabled, which the order form needs to show its rule.
 */
export function flagSummary(
  flags: FlagReasons,
  marginTrading: boolean,
): {
  frozen: boolean
  loginBanned: boolean
  disabled: boolean
  noTrade: boolean
  noWithdraw: boolean
  marginTrading: boolean
} {
  return {
    marginTrading,
    frozen: flags.frozen !== undefined,
    loginBanned: flags.login_banned !== undefined,
    disabled: flags.disabled !== undefined,
    noTrade: flags.no_trade !== undefined,
    noWithdraw: flags.no_withdraw !== undefined,
  }
}

/**
 * UserInfo.restrictions: each flag that is on with the reason the back office gave, in the fixed
 * order of ACCOUNT_FLAGS, so the user's profile can say what is limited and why.
 */
export function restrictionsOf(flags: FlagReasons): { flag: AccountFlag; reason: string }[] {
  return ACCOUNT_FLAGS.flatMap((flag) => {
    const reason = flags[flag]
    return reason === undefined ? [] : [{ flag, reason }]
  })
}
