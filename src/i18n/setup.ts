/**
 * Lingui runtime: one global `i18n` instance (the one `t`/`msg` macros and <I18nProvider> use),
 * catalogs loaded on demand per language.
 */
import { i18n, type Messages } from '@lingui/core'
import { intlLocale, type Language } from './languages'

// A static map of literal imports, not import(`../../locales/${lang}.po`), so Vite sees four
// separate chunks and @lingui/vite-plugin compiles each .po at build time.
const catalogs = {
  en: () => import('../../locales/en.po'),
  tw: () => import('../../locales/tw.po'),
  kr: () => import('../../locales/kr.po'),
  yd: () => import('../../locales/yd.po'),
} as const satisfies Record<Language, () => Promise<{ messages: Messages }>>

export { i18n }

/** Loads the catalog of `lang`, makes it current and tells the page which language it is in. */
export async function activateLanguage(lang: Language): Promise<void> {
  const { messages } = await catalogs[lang]()
  // `locales` gives Lingui's plural rules and number formats the real locale: 'tw' alone would
  // pick Twi's plural rules.
  i18n.loadAndActivate({ locale: lang, locales: [intlLocale(lang)], messages })
  if (typeof document !== 'undefined') document.documentElement.lang = intlLocale(lang)
}
