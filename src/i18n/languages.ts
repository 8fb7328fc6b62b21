/**
 * The app's own language codes (DESIGN.md section 6). They are inherited from the app whose
 * API Tijori keeps compatible and are not BCP 47 tags ('tw' is Twi there, 'kr' Kanuri), so
 * anything that talks to Intl or to the browser goes through `intlLocale`.
 */
export const LANGUAGES = ['en', 'tw', 'kr', 'yd'] as const

export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE = 'en' satisfies Language

const INTL_LOCALES = {
  en: 'en-IN',
  tw: 'zh-TW',
  kr: 'ko-KR',
  yd: 'hi-IN',
} as const satisfies Record<Language, string>

/**
 * Each language named in itself, for the switcher: a reader finds their language by the name
 * they can read, so these are never translated.
 */
export const NATIVE_NAMES = {
  en: 'English',
  tw: '繁體中文',
  kr: '한국어',
  yd: 'हिन्दी',
} as const satisfies Record<Language, string>

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** A stored or requested language; any other value (old codes, 'zh', junk) resets to English. */
export function normalizeLanguage(stored: unknown): Language {
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE
}

/** The BCP 47 locale for Intl formatters and `<html lang>`. */
export function intlLocale(lang: Language): (typeof INTL_LOCALES)[Language] {
  return INTL_LOCALES[lang]
}
