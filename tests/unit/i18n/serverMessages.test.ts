import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { msg } from '@lingui/core/macro'
import { readCatalog } from './catalogs'
import { activateLanguage, i18n, loadArea, type CatalogArea } from '../../../src/i18n/setup'
import { AREAS } from '../../../lingui.config'
import { LEGACY_TEMPLATES, legacyTemplate, translateRefusal } from '../../../src/i18n/serverMessages'
import { CLIENT_REFUSAL_CODES, REFUSAL_CODES, paramNamesOf, type ClientRefusalCode, type RefusalCode, type RefusalParamName, type RefusalParams } from '../../../src/contract/refusals'

type Code = RefusalCode | ClientRefusalCode

// Every code of the contract (src/contract/refusals.ts), the server's and the app's own.
const CODES: readonly Code[] = [...REFUSAL_CODES, ...CLIENT_REFUSAL_CODES]

// Sample values for every param name the contract declares (a new name without one is a type
// error); a name whose value picks the sentence lists each value that does.
const samples: Record<RefusalParamName<Code>, readonly (string | number)[]> = {
  min: [6], max: [32], reason: ['KYC review'], retryAfter: [900], day: ['2024-01-02'], id: [7], field: ['account'],
  digits: [6], symbol: ['RELIANCE'], allowed: ['1,2,5'], opens: [1_700_000_000_000], cutoff: ['15:00'],
  status: ['holding', 'pending'], unlockAt: [1_700_000_000_000], event: ['close'], required: [2_000], available: [1_050],
  currency: ['USD', 'INR'], from: ['09:00', 'USD'], to: ['18:00', 'INR'], days: ['weekdays', 'all'], network: ['TRC20', 'ERC20', 'BEP20'],
  channel: ['upi'], amountOut: [14_925], minAmountOut: [15_000], what: ['user'], rule: ['password', 'account_address', 'address', 'registration', 'newer_rule'],
  lot: [100], limit: [5], windowSeconds: [900], createdAt: [1_700_000_000_000], closes: [1_700_086_400_000], deadline: [1_700_000_000_000],
  borrowable: [5_000_000], score: [480], owed: [1_002_000], until: [1_700_086_400_000],
}

/**
 * The params each code is tried with: none; every declared one filled; each alone; and every one
 * filled but one value varied, so each branch of a sentence is reached.
 */
function paramSets(code: Code): RefusalParams[] {
  const names = paramNamesOf(code) as readonly RefusalParamName<Code>[]
  const all: RefusalParams = Object.fromEntries(names.map((n) => [n, samples[n][0]!]))
  const sets: RefusalParams[] = [{}, all]
  for (const n of names) for (const v of samples[n]) sets.push({ [n]: v }, { ...all, [n]: v })
  return sets
}

describe('translateRefusal in English', () => {
  beforeEach(async () => {
    await activateLanguage('en')
    // An area's refusal sentences (src/features/<area>/refusals.ts) are in its own catalog, which
    // the app loads with the area's screens: loaded here, every code has its sentence.
    for (const area of Object.keys(AREAS) as CatalogArea[]) await loadArea(area)
  })

  it('translates a code with numeric params', () => {
    expect(translateRefusal({ code: 'password_length', params: { min: 6, max: 32 }, msg: 'x' })).toBe(
      'The password must be 6 to 32 characters long.',
    )
  })

  it('uses the code, not the server msg', () => {
    expect(translateRefusal({ code: 'login_failed', params: {}, msg: 'whatever the server said' })).toBe(
      'Wrong mobile number or password.',
    )
  })

  it('shows retryAfter in minutes from two minutes up, in seconds below', () => {
    expect(translateRefusal({ code: 'too_many_attempts', params: { retryAfter: 900 } })).toBe(
      'Too many attempts. Try again in 15 minutes.',
    )
    expect(translateRefusal({ code: 'too_many_attempts', params: { retryAfter: 61 } })).toBe(
      'Too many attempts. Try again in 61 seconds.',
    )
    expect(translateRefusal({ code: 'too_many_attempts', params: { retryAfter: 121 } })).toBe(
      'Too many attempts. Try again in 3 minutes.',
    )
  })

  it('names the guess limit that refused, with its number and window', () => {
    const params = { retryAfter: 896, limit: 5, windowSeconds: 900 }
    expect(translateRefusal({ code: 'too_many_attempts', params: { ...params, rule: 'account_address' } })).toBe(
      'Too many wrong passwords for this account from this network: at most 5 in 15 minutes. Try again in 15 minutes.',
    )
    expect(translateRefusal({ code: 'too_many_attempts', params: { ...params, rule: 'password' } })).toBe(
      'Too many wrong passwords for this account: at most 5 in 15 minutes. Try again in 15 minutes.',
    )
    expect(translateRefusal({ code: 'too_many_attempts', params: { retryAfter: 900, limit: 20, windowSeconds: 900, rule: 'address' } })).toBe(
      'Too many wrong passwords from this network: at most 20 in 15 minutes. Try again in 15 minutes.',
    )
    expect(translateRefusal({ code: 'too_many_attempts', params: { retryAfter: 3591, limit: 10, windowSeconds: 3600, rule: 'registration' } })).toBe(
      'Too many new accounts from this network: at most 10 in 1 hour. Try again in 60 minutes.',
    )
    // A rule this app does not know yet still says when to try again.
    expect(translateRefusal({ code: 'too_many_attempts', params: { ...params, rule: 'newer_rule' } })).toBe('Too many attempts. Try again in 15 minutes.')
  })

  it('names the upload size limit in megabytes', () => {
    expect(translateRefusal({ code: 'upload_too_large', params: { max: 5 * 1024 * 1024 } })).toBe('The picture is too large: at most 5 MB.')
  })

  it('names the pixel limit of a picture in megapixels', () => {
    expect(translateRefusal({ code: 'upload_too_many_pixels', params: { max: 64_000_000 } })).toBe('The picture has too many pixels: at most 64 megapixels.')
  })

  it('names the smallest deposit in rupees', () => {
    expect(translateRefusal({ code: 'recharge_below_min', params: { min: 500_000 } })).toBe('The smallest deposit is ₹5,000.00.')
  })

  it('names an exchange amount in the currency of its wallet, and a rupee amount as before', () => {
    expect(translateRefusal({ code: 'insufficient_balance', params: { available: 1_050, required: 2_000, currency: 'USD' } })).toBe(
      'Insufficient balance: $20.00 is needed and $10.50 is available.',
    )
    expect(translateRefusal({ code: 'insufficient_balance', params: { available: 1_050, required: 2_000 } })).toBe(
      'Insufficient balance: ₹20.00 is needed and ₹10.50 is available.',
    )
    expect(translateRefusal({ code: 'exchange_rate_moved', params: { amountOut: 14_925, minAmountOut: 15_000, currency: 'JPY' } })).toContain('JP¥14,925')
  })

  it('includes the back-office reason when there is one', () => {
    expect(translateRefusal({ code: 'account_frozen', params: { reason: 'KYC review' } })).toBe(
      'This account is frozen: KYC review',
    )
    expect(translateRefusal({ code: 'account_frozen', params: {} })).toBe('This account is frozen.')
    expect(translateRefusal({ code: 'login_banned', params: { reason: '' } })).toBe('Logging in is blocked for this account.')
  })

  it('formats money params given in paise as rupees', () => {
    expect(translateRefusal({ code: 'insufficient_balance', params: { min: 12345678 } })).toBe(
      'Insufficient balance: at least ₹1,23,456.78 is needed.',
    )
  })

  it('has a sentence for every contract code, with every placeholder filled', () => {
    const contract = [
      'account_invalid', 'password_length', 'password_mismatch', 'agreement_required', 'invite_code_invalid',
      'account_exists', 'login_failed', 'account_frozen', 'login_banned', 'account_disabled', 'too_many_attempts',
      'password_wrong', 'password_same', 'already_signed_in', 'news_not_found', 'unauthorized', 'request_in_flight',
      'idempotency_key_reused', 'idempotency_key_required', 'bad_request', 'not_found', 'internal_error', 'expired', 'network',
    ]
    expect(CODES).toEqual(expect.arrayContaining(contract))
    for (const code of CODES) {
      for (const params of paramSets(code)) {
        const text = translateRefusal({ code, params, msg: '余额不足' })
        expect(text, code).not.toBe('')
        expect(text, code).not.toMatch(/[{}]|undefined|\p{Script=Han}/u)
      }
    }
  })

  it('does not let a code reach Object.prototype', () => {
    expect(translateRefusal({ code: 'constructor', params: {}, msg: 'Plain English' })).toBe('Plain English')
  })
})

describe('legacy Chinese messages in English', () => {
  beforeEach(async () => {
    await activateLanguage('en')
  })

  it('restores an hh:mm:ss-hh:mm:ss range as one value', () => {
    expect(translateRefusal({ msg: '请在09:30:00-24:00:00时间段内操作' })).toBe(
      'This can only be done between 09:30:00-24:00:00.',
    )
  })

  it('restores an hh:mm-hh:mm range too', () => {
    expect(translateRefusal({ msg: '请在09:15-15:30时间段内操作' })).toBe('This can only be done between 09:15-15:30.')
  })

  it('restores a number', () => {
    expect(translateRefusal({ msg: '单笔最低提现金额100' })).toBe('The minimum for one withdrawal is 100.')
    expect(translateRefusal({ msg: '单笔最高提现金额50000.50' })).toBe('The maximum for one withdrawal is 50000.50.')
  })

  it('matches despite an ASCII comma or trailing punctuation', () => {
    expect(translateRefusal({ msg: '操作过于频繁，请30秒后再试' })).toBe('Too many attempts. Try again in 30 seconds.')
    expect(translateRefusal({ msg: '操作过于频繁,请30秒后再试！' })).toBe('Too many attempts. Try again in 30 seconds.')
    expect(translateRefusal({ msg: '今日已签到。' })).toBe('You have already signed in today.')
  })

  it('translates the known messages without numbers', () => {
    expect(translateRefusal({ msg: '余额不足' })).toBe('Insufficient balance.')
    expect(translateRefusal({ msg: '登录已过期，请重新登录' })).toBe('Your session has ended. Please log in again.')
    expect(translateRefusal({ msg: '账号或密码错误' })).toBe('Wrong mobile number or password.')
  })

  it('shows Error for Chinese it cannot translate', () => {
    expect(translateRefusal({ msg: '系统维护中，请稍后' })).toBe('Error')
    expect(translateRefusal({ code: 'some_new_code', params: {}, msg: '新的错误' })).toBe('Error')
    expect(translateRefusal({ msg: '' })).toBe('Error')
  })

  it('shows an English msg with an unknown or no code as it is', () => {
    expect(translateRefusal({ msg: 'Withdrawals are paused' })).toBe('Withdrawals are paused')
    expect(translateRefusal({ code: 'future_rule', params: { a: 1 }, msg: 'A rule this client does not know' })).toBe(
      'A rule this client does not know',
    )
  })

  it('has an English sentence for every legacy template', () => {
    for (const template of LEGACY_TEMPLATES) {
      const text = translateRefusal({ msg: template.replaceAll(/\{\d+\}/g, '10') })
      expect(text, template).not.toMatch(/\p{Script=Han}|^Error$/u)
    }
  })
})

describe('legacyTemplate', () => {
  it('replaces numbers and time ranges by numbered placeholders', () => {
    expect(legacyTemplate('请在09:30:00-24:00:00时间段内操作,最低100元')).toEqual({
      template: '请在{0}时间段内操作，最低{1}元',
      values: ['09:30:00-24:00:00', '100'],
    })
  })
})

describe('translateRefusal in another language (hand-made tw catalog)', () => {
  // These assertions load their own catalog entries, so they do not depend on locales/tw.po.
  beforeAll(async () => {
    await activateLanguage('tw')
    const min = ''
    const max = ''
    const retryAfter = ''
    const hours = ''
    i18n.load('tw', {
      [msg`The password must be ${min} to ${max} characters long.`.id]: '密碼長度須為 {min} 至 {max} 個字元。',
      [msg`Too many attempts. Try again in ${retryAfter}.`.id]: '嘗試次數過多，請在 {retryAfter}後再試。',
      [msg`This can only be done between ${hours}.`.id]: '只能在 {hours} 之間操作。',
      [msg`You have already signed in today.`.id]: '今天已經簽到了。',
      [msg`Error`.id]: '錯誤',
    })
  })

  afterAll(async () => {
    await activateLanguage('en')
  })

  it('looks a code up in the active catalog and fills its params', () => {
    expect(i18n.locale).toBe('tw')
    expect(translateRefusal({ code: 'password_length', params: { min: 6, max: 32 } })).toBe('密碼長度須為 6 至 32 個字元。')
  })

  it('formats the wait in the language of the reader', () => {
    expect(translateRefusal({ code: 'too_many_attempts', params: { retryAfter: 900 } })).toBe('嘗試次數過多，請在 15 分鐘後再試。')
  })

  it('translates legacy messages into the active language', () => {
    expect(translateRefusal({ msg: '今日已签到' })).toBe('今天已經簽到了。')
    expect(translateRefusal({ msg: '请在09:30:00-24:00:00时间段内操作' })).toBe('只能在 09:30:00-24:00:00 之間操作。')
  })

  it('shows the translated word for Error', () => {
    expect(translateRefusal({ msg: '未知的错误' })).toBe('錯誤')
  })
})

/** Every server message, by code or legacy template, is in every catalog and translated. */
describe('catalog coverage of server messages', () => {
  const usedIds = new Set<string>()
  beforeAll(async () => {
    await activateLanguage('en')
    i18n.load('probe', {})
    i18n.activate('probe')
    const record = ({ id }: { id: string }) => usedIds.add(id)
    i18n.on('missing', record)
    for (const code of CODES) for (const params of paramSets(code)) translateRefusal({ code, params })
    for (const template of LEGACY_TEMPLATES) translateRefusal({ msg: template.replaceAll(/\{\d+\}/g, '10') })
    translateRefusal({ msg: '未知' })
    i18n.removeListener('missing', record)
    await activateLanguage('en')
  })

  for (const lang of ['en', 'tw', 'kr', 'yd']) {
    it(`${lang}.po translates every server message`, () => {
      const catalog = readCatalog(lang)
      expect(usedIds.size).toBeGreaterThan(20)
      // Listed by English text so the list says what to translate.
      const untranslated = [...usedIds].filter((id) => !catalog.get(id)?.translated).map((id) => catalog.get(id)?.source ?? id)
      expect(untranslated).toEqual([])
    })
  }
})
