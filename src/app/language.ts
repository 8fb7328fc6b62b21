import { storeLanguage } from '../data/preferences'
import { activateLanguage } from '../i18n/setup'
import { type Language } from '../i18n/languages'

/**
 * Switch the app's language now and keep it for the next start. Kept first: once the screen
 * shows the new language, a reload or a closed tab starts in it too.
 */
export async function switchLanguage(lang: Language): Promise<void> {
  await storeLanguage(lang)
  await activateLanguage(lang)
}
