import { Trans } from '@lingui/react/macro'
import { TextField } from './fields'

/**
 * The longest code the server takes (the contract's TOTP_CODE_MAX, repeated here because the app
 * imports only types from src/contract/replies.ts): a recovery code with its dash fits.
 */
export const TOTP_CODE_MAX = 32

/**
 * The authenticator's 6-digit code, or a recovery code in its place: the login form's second
 * step and the withdrawal form, when two-step sign-in is on. The server reads either (spaces and
 * dashes ignored), so the field takes letters too and only trims to the contract's length.
 */
export function TotpCodeField({ value, onValue, error, autoFocus }: { value: string; onValue: (code: string) => void; error?: string | null; autoFocus?: boolean }) {
  return (
    <TextField
      label={<Trans>Authenticator code</Trans>}
      hint={<Trans>The 6 digits your authenticator app shows, or one of your recovery codes.</Trans>}
      value={value}
      onValue={(v) => onValue(v.slice(0, TOTP_CODE_MAX))}
      error={error}
      name="totpCode"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      autoFocus={autoFocus}
      data-testid="totp-code"
    />
  )
}
