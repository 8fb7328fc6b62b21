/**
 * Identity rules (issue 4, DESIGN.md section 4): the real-name submission, its review states, and
 * the bank cards a verified person may add. Formats come from src/lib/validators.ts, which the app
 * checks first; the server is the authority.
 */
import { BANK_ACCOUNT_PATTERN, IFSC_PATTERN, PAN_PATTERN, normalizeName } from '../../src/lib/validators'
import { DomainRefusal } from '../http/refusal'
import { type RealNameStatus } from '../../src/contract/replies'

// As stored in users.real_name_status and sent to the app: the contract's.
export type { RealNameStatus }

export type RealNameInput = { name: string; idNumber: string; pan: string }

const NAME_MAX = 100
const ID_NUMBER_PATTERN = /^[A-Z0-9-]{4,32}$/

/** The submission as stored (trimmed, upper-cased codes), or the first rule it breaks. */
export function checkRealName(input: RealNameInput, status: RealNameStatus): RealNameInput | DomainRefusal {
  if (status === 'pending') return new DomainRefusal('real_name_under_review', {}, 'Your identity is already being reviewed.')
  if (status === 'verified') return new DomainRefusal('real_name_verified', {}, 'Your identity is already verified.')
  const name = input.name.trim().replace(/\s+/g, ' ')
  if (name === '' || name.length > NAME_MAX) return new DomainRefusal('name_invalid', { max: NAME_MAX }, `Enter your name as on your ID, at most ${NAME_MAX} characters.`)
  const idNumber = input.idNumber.trim().toUpperCase()
  if (!ID_NUMBER_PATTERN.test(idNumber)) return new DomainRefusal('id_number_invalid', {}, 'The ID number is not valid.')
  const pan = input.pan.trim().toUpperCase()
  if (!PAN_PATTERN.test(pan)) return new DomainRefusal('pan_invalid', {}, 'The PAN must be five letters, four digits and a letter, like ABCDE1234F.')
  return { name, idNumber, pan }
}

/** A review's decision moves only a submission under review; anything else is a stale decision. */
export function decideRealName(status: RealNameStatus, approve: boolean): RealNameStatus | DomainRefusal {
  if (status !== 'pending') return new DomainRefusal('review_already_decided', { status }, 'This review has already been decided.')
  return approve ? 'verified' : 'failed'
}

/** What money movements need first: a verified identity. */
export function requireVerified(status: RealNameStatus): DomainRefusal | null {
  return status === 'verified' ? null : new DomainRefusal('real_name_required', { status }, 'Verify your identity first.')
}

export type BankCardInput = { holder: string; accountNumber: string; ifsc: string; bank: string; branch: string }

/**
 * A card the user may add: their identity verified, the holder their verified name, the IFSC and
 * account number well formed, and not a card they already have.
 */
export function checkBankCard(
  input: BankCardInput,
  owner: { status: RealNameStatus; verifiedName: string | null; cards: readonly { accountNumber: string; ifsc: string }[] },
): BankCardInput | DomainRefusal {
  const unverified = requireVerified(owner.status)
  if (unverified) return unverified
  if (owner.verifiedName === null || normalizeName(input.holder) !== normalizeName(owner.verifiedName)) {
    return new DomainRefusal('card_holder_mismatch', {}, 'The card holder must be the verified account holder.')
  }
  const ifsc = input.ifsc.trim().toUpperCase()
  if (!IFSC_PATTERN.test(ifsc)) return new DomainRefusal('ifsc_invalid', {}, 'The IFSC must be four letters, a zero and six letters or digits, like SBIN0001234.')
  const accountNumber = input.accountNumber.replace(/\s+/g, '')
  if (!BANK_ACCOUNT_PATTERN.test(accountNumber)) return new DomainRefusal('bank_account_invalid', {}, 'The account number must be 9 to 18 digits.')
  const bank = input.bank.trim()
  const branch = input.branch.trim()
  if (bank === '' || branch === '') return new DomainRefusal('bank_required', {}, 'Enter the bank and the branch.')
  if (owner.cards.some((c) => c.accountNumber === accountNumber && c.ifsc === ifsc)) return cardDuplicate()
  return { holder: input.holder.trim(), accountNumber, ifsc, bank, branch }
}

export function cardDuplicate(): DomainRefusal {
  return new DomainRefusal('card_duplicate', {}, 'This card is already in your list.')
}
