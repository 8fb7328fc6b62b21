/** The chosen language, stored in db.meta under 'language' so the next start opens in it. */
import { normalizeLanguage, type Language } from '../i18n/languages'
import { db, metaKeys } from './db'

const LANGUAGE_KEY = metaKeys.language

/** The stored language; a missing or retired code gives 'en' (DESIGN.md section 6). */
export async function getStoredLanguage(): Promise<Language> {
  const row = await db.meta.get(LANGUAGE_KEY)
  return normalizeLanguage(row?.value)
}

export async function storeLanguage(code: Language): Promise<void> {
  await db.meta.put({ key: LANGUAGE_KEY, value: normalizeLanguage(code), updatedAt: Date.now() })
}
