/** The real catalogs (locales/*.po) as the app's runtime sees them, for tests that check coverage. */
import { readFileSync } from 'node:fs'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'

export type CatalogEntry = { source: string; translated: boolean }

/** Each entry of locales/<lang>.po by its runtime ID: the source text, and whether msgstr is filled. */
export function readCatalog(lang: string): Map<string, CatalogEntry> {
  const text = readFileSync(new URL(`../../../locales/${lang}.po`, import.meta.url), 'utf8')
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
