/**
 * Two-step sign-in's refusals (src/contract/refusals.ts): pure builders, like server/accounts/rules.ts.
 */
import { DomainRefusal } from '../http/refusal'

export const totpRequired = () => new DomainRefusal('totp_required', {}, 'Two-step sign-in is on: send the code from the authenticator app, or a recovery code.')
export const totpInvalid = () => new DomainRefusal('totp_invalid', {}, 'The code is not valid.')
export const totpNotSetUp = () => new DomainRefusal('totp_not_set_up', {}, 'There is no authenticator secret to confirm: set it up first.')
export const totpAlreadyEnabled = () => new DomainRefusal('totp_already_enabled', {}, 'Two-step sign-in is already on.')
export const totpNotEnabled = () => new DomainRefusal('totp_not_enabled', {}, 'Two-step sign-in is not on.')
