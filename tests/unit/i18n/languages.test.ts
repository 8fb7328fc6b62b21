import { describe, expect, it } from 'vitest'
import { LANGUAGES, NATIVE_NAMES, intlLocale, isLanguage, normalizeLanguage } from '../../../src/i18n/languages'

describe('normalizeLanguage', () => {
  it('keeps each of the four app languages', () => {
    for (const lang of LANGUAGES) expect(normalizeLanguage(lang)).toBe(lang)
    expect(normalizeLanguage('tw')).toBe('tw')
  })

  it('falls back to English for nothing stored', () => {
    expect(normalizeLanguage(undefined)).toBe('en')
    expect(normalizeLanguage(null)).toBe('en')
    expect(normalizeLanguage('')).toBe('en')
  })

  it('falls back to English for a language the app does not have', () => {
    expect(normalizeLanguage('fr')).toBe('en')
  })

  it('does not accept a BCP 47 code in place of the app code', () => {
    expect(normalizeLanguage('zh')).toBe('en')
    expect(normalizeLanguage('zh-TW')).toBe('en')
    expect(normalizeLanguage('TW')).toBe('en')
  })

  it('falls back to English for a value that is not a string', () => {
    expect(normalizeLanguage(42)).toBe('en')
    expect(normalizeLanguage({ lang: 'tw' })).toBe('en')
    expect(isLanguage(42)).toBe(false)
  })
})

describe('intlLocale', () => {
  it('maps the app codes to BCP 47 locales for Intl and <html lang>', () => {
    expect(intlLocale('en')).toBe('en-IN')
    expect(intlLocale('tw')).toBe('zh-TW')
    expect(intlLocale('kr')).toBe('ko-KR')
    expect(intlLocale('yd')).toBe('hi-IN')
  })
})

describe('NATIVE_NAMES', () => {
  it('names every language in itself for the switcher', () => {
    expect(NATIVE_NAMES).toEqual({ en: 'English', tw: '繁體中文', kr: '한국어', yd: 'हिन्दी' })
  })
})
