import { describe, expect, it } from 'vitest'
import { checkBankCard, checkRealName, decideRealName, requireVerified } from '../../../server/identity/rules'
import { DomainRefusal } from '../../../server/http/refusal'

const code = (r: unknown) => (r instanceof DomainRefusal ? r.code : null)
const person = { name: '  Asha   Rao ', idNumber: 'ab-1234-5678', pan: 'abcde1234f' }

describe('real-name submission', () => {
  it('stores the name tidied and the codes upper-cased', () => {
    expect(checkRealName(person, 'none')).toEqual({ name: 'Asha Rao', idNumber: 'AB-1234-5678', pan: 'ABCDE1234F' })
  })

  it('refuses a malformed PAN, ID number or an empty name', () => {
    expect(code(checkRealName({ ...person, pan: 'ABCD1234F' }, 'none'))).toBe('pan_invalid')
    expect(code(checkRealName({ ...person, pan: 'ABCDE12345' }, 'none'))).toBe('pan_invalid')
    expect(code(checkRealName({ ...person, idNumber: 'x' }, 'none'))).toBe('id_number_invalid')
    expect(code(checkRealName({ ...person, name: '   ' }, 'none'))).toBe('name_invalid')
  })

  it('takes a new submission after a failed review, but not while one is reviewed or after approval', () => {
    expect(code(checkRealName(person, 'failed'))).toBeNull()
    expect(code(checkRealName(person, 'pending'))).toBe('real_name_under_review')
    expect(code(checkRealName(person, 'verified'))).toBe('real_name_verified')
  })

  it('is decided once: approve or reject a submission under review, nothing else', () => {
    expect(decideRealName('pending', true)).toBe('verified')
    expect(decideRealName('pending', false)).toBe('failed')
    expect(code(decideRealName('verified', true))).toBe('review_already_decided')
    expect(code(decideRealName('failed', true))).toBe('review_already_decided')
  })

  it('gates money on a verified identity, naming the current status', () => {
    expect(requireVerified('verified')).toBeNull()
    expect(requireVerified('pending')).toMatchObject({ code: 'real_name_required', params: { status: 'pending' } })
  })
})

describe('bank cards', () => {
  const card = { holder: 'asha  rao', accountNumber: '1234 5678 9012', ifsc: 'sbin0001234', bank: 'State Bank of India', branch: 'Fort, Mumbai' }
  const owner = { status: 'verified' as const, verifiedName: 'Asha Rao', cards: [] }

  it('adds a card whose holder is the verified name, however spaced or cased', () => {
    expect(checkBankCard(card, owner)).toEqual({ holder: 'asha  rao', accountNumber: '123456789012', ifsc: 'SBIN0001234', bank: 'State Bank of India', branch: 'Fort, Mumbai' })
  })

  it('refuses before verification, another holder, a bad IFSC or account number, and a duplicate', () => {
    expect(code(checkBankCard(card, { ...owner, status: 'pending' }))).toBe('real_name_required')
    expect(code(checkBankCard({ ...card, holder: 'Ravi Rao' }, owner))).toBe('card_holder_mismatch')
    expect(code(checkBankCard({ ...card, ifsc: 'SBIN1001234' }, owner))).toBe('ifsc_invalid')
    expect(code(checkBankCard({ ...card, accountNumber: '12AB' }, owner))).toBe('bank_account_invalid')
    expect(code(checkBankCard({ ...card, branch: ' ' }, owner))).toBe('bank_required')
    expect(code(checkBankCard(card, { ...owner, cards: [{ accountNumber: '123456789012', ifsc: 'SBIN0001234' }] }))).toBe('card_duplicate')
  })
})
