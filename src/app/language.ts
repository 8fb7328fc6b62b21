import { storeLanguage } from '../data/preferences'
import { activateLanguage } from '../i18n/setup'
import { type Language } from '../i18n/languages'

/** Switch the app's language now and keep it for the next start. */
export async function switchLanguage(lang: Language): Promise<void> {
  await activateLanguage(lang)
  await storeLanguage(lang)
}
