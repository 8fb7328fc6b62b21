/** The real catalogs (locales/*.po and each area's locales/<area>/*.po) as the app's runtime sees them, for tests that check coverage. */
import { readFileSync, readdirSync } from 'node:fs'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'

export type CatalogEntry = { source: string; translated: boolean }

const LOCALES = new URL('../../../locales/', import.meta.url)

/** The catalog files of `lang`: the main one, then each area's (src/i18n/setup.ts loadArea). */
export function catalogFiles(lang: string): URL[] {
  const areas = readdirSync(LOCALES, { withFileTypes: true }).filter((entry) => entry.isDirectory())
  return [new URL(`${lang}.po`, LOCALES), ...areas.map((area) => new URL(`${area.name}/${lang}.po`, LOCALES))]
}

/** Each entry of `lang`'s catalogs by its runtime ID: the source text, and whether msgstr is filled. */
export function readCatalog(lang: string): Map<string, CatalogEntry> {
  const text = catalogFiles(lang)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n\n')
  const entries = new Map<string, CatalogEntry>()
  for (const block of text.split(/\r?\n\r?\n/)) {
    const field = (name: string) => {
      const m = block.match(new RegExp(`^${name} ((?:".*"\\r?\\n?)+)`, 'm'))
      return m?.[1] ? [...m[1].matchAll(/"(.*)"/g)].map((x) => JSON.parse(`"${x[1]}"`) as string).join('') : undefined
    }
    const msgid = field('msgid')
    if (!msgid) continue
    const explicit = /^#\. js-lingui-explicit-id/m.test(block)
    const id = explicit ? msgid : generateMessageId(msgid, field('msgctxt') ?? '')
    entries.set(id, { source: msgid, translated: Boolean(field('msgstr')) })
  }
  return entries
}
