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

/**
 * The areas with a catalog of their own (lingui.config.ts AREAS): their screens' strings, loaded
 * by those screens' routes (loadArea) so the first route's catalog stays the main one alone.
 */
const areaCatalogs = {
  shares: {
    en: () => import('../../locales/shares/en.po'),
    tw: () => import('../../locales/shares/tw.po'),
    kr: () => import('../../locales/shares/kr.po'),
    yd: () => import('../../locales/shares/yd.po'),
  },
  funds: {
    en: () => import('../../locales/funds/en.po'),
    tw: () => import('../../locales/funds/tw.po'),
    kr: () => import('../../locales/funds/kr.po'),
    yd: () => import('../../locales/funds/yd.po'),
  },
  block: {
    en: () => import('../../locales/block/en.po'),
    tw: () => import('../../locales/block/tw.po'),
    kr: () => import('../../locales/block/kr.po'),
    yd: () => import('../../locales/block/yd.po'),
  },
  follow: {
    en: () => import('../../locales/follow/en.po'),
    tw: () => import('../../locales/follow/tw.po'),
    kr: () => import('../../locales/follow/kr.po'),
    yd: () => import('../../locales/follow/yd.po'),
  },
  vip: {
    en: () => import('../../locales/vip/en.po'),
    tw: () => import('../../locales/vip/tw.po'),
    kr: () => import('../../locales/vip/kr.po'),
    yd: () => import('../../locales/vip/yd.po'),
  },
  loan: {
    en: () => import('../../locales/loan/en.po'),
    tw: () => import('../../locales/loan/tw.po'),
    kr: () => import('../../locales/loan/kr.po'),
    yd: () => import('../../locales/loan/yd.po'),
  },
  support: {
    en: () => import('../../locales/support/en.po'),
    tw: () => import('../../locales/support/tw.po'),
    kr: () => import('../../locales/support/kr.po'),
    yd: () => import('../../locales/support/yd.po'),
  },
  inbox: {
    en: () => import('../../locales/inbox/en.po'),
    tw: () => import('../../locales/inbox/tw.po'),
    kr: () => import('../../locales/inbox/kr.po'),
    yd: () => import('../../locales/inbox/yd.po'),
  },
  quiz: {
    en: () => import('../../locales/quiz/en.po'),
    tw: () => import('../../locales/quiz/tw.po'),
    kr: () => import('../../locales/quiz/kr.po'),
    yd: () => import('../../locales/quiz/yd.po'),
  },
  privacy: {
    en: () => import('../../locales/privacy/en.po'),
    tw: () => import('../../locales/privacy/tw.po'),
    kr: () => import('../../locales/privacy/kr.po'),
    yd: () => import('../../locales/privacy/yd.po'),
  },
  identity: {
    en: () => import('../../locales/identity/en.po'),
    tw: () => import('../../locales/identity/tw.po'),
    kr: () => import('../../locales/identity/kr.po'),
    yd: () => import('../../locales/identity/yd.po'),
  },
  device: {
    en: () => import('../../locales/device/en.po'),
    tw: () => import('../../locales/device/tw.po'),
    kr: () => import('../../locales/device/kr.po'),
    yd: () => import('../../locales/device/yd.po'),
  },
  pages: {
    en: () => import('../../locales/pages/en.po'),
    tw: () => import('../../locales/pages/tw.po'),
    kr: () => import('../../locales/pages/kr.po'),
    yd: () => import('../../locales/pages/yd.po'),
  },
} as const satisfies Record<string, Record<Language, () => Promise<{ messages: Messages }>>>

export type CatalogArea = keyof typeof areaCatalogs

/** Areas loaded so far: a change of language loads them again in the new one. */
const loadedAreas = new Set<CatalogArea>()

export { i18n }

/** Loads the catalog of `lang`, makes it current and tells the page which language it is in. */
export async function activateLanguage(lang: Language): Promise<void> {
  const included = [...loadedAreas]
  const [{ messages }, ...areas] = await Promise.all([catalogs[lang](), ...included.map((area) => areaCatalogs[area][lang]())])
  // `locales` gives Lingui's plural rules and number formats the real locale: 'tw' alone would
  // pick Twi's plural rules.
  i18n.loadAndActivate({ locale: lang, locales: [intlLocale(lang)], messages: Object.assign({}, messages, ...areas.map((a) => a.messages)) })
  // An area a screen asked for while this was loading comes in the new language too.
  await Promise.all([...loadedAreas].filter((area) => !included.includes(area)).map((area) => loadAreaIn(area, lang)))
  if (typeof document !== 'undefined') document.documentElement.lang = intlLocale(lang)
}

/**
 * Adds an area's strings in the current language (a route's loader, before its screen renders).
 * Marked loaded first: a language chosen while this loads brings the area along in the new one.
 */
export async function loadArea(area: CatalogArea): Promise<void> {
  if (loadedAreas.has(area)) return
  loadedAreas.add(area)
  await loadAreaIn(area, i18n.locale as Language)
}

/** Merges an area's strings into `lang`'s messages, unless another language became current meanwhile (it has its own). */
async function loadAreaIn(area: CatalogArea, lang: Language): Promise<void> {
  const { messages } = await areaCatalogs[area][lang]()
  if (i18n.locale === lang) i18n.load(lang, messages)
}
