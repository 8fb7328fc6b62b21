/** Reads a translation from the committed Lingui catalogs, so assertions follow the real text. */
import { readFileSync } from 'node:fs'

const cache = new Map<string, Map<string, string>>()

function unquote(s: string): string {
  return JSON.parse(s) as string
}

function catalog(lang: string): Map<string, string> {
  let entries = cache.get(lang)
  if (entries) return entries
  entries = new Map()
  const text = readFileSync(new URL(`../../../locales/${lang}.po`, import.meta.url), 'utf8')
  for (const block of text.split(/\n\n+/)) {
    const id = /^msgid (".*")$/m.exec(block)
    const str = /^msgstr (".*")$/m.exec(block)
    if (id?.[1] && str?.[1]) entries.set(unquote(id[1]), unquote(str[1]))
  }
  cache.set(lang, entries)
  return entries
}

/** The catalog's text for an English source message; fails loudly when it is missing or empty. */
export function translation(lang: string, source: string): string {
  const text = lang === 'en' ? source : catalog(lang).get(source)
  if (!text) throw new Error(`no ${lang} translation for ${JSON.stringify(source)}`)
  return text
}
