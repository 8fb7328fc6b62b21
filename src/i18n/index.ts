export { LANGUAGES, DEFAULT_LANGUAGE, NATIVE_NAMES, isLanguage, normalizeLanguage, intlLocale, type Language } from './languages'
export { activateLanguage, i18n } from './setup'
export { translateRefusal, legacyTemplate, KNOWN_REFUSAL_CODES, LEGACY_TEMPLATES, type RefusalLike, type RefusalParams } from './serverMessages'
