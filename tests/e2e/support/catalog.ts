/** Reads a translation from the committed Lingui catalogs, so assertions follow the real text. */
import { readFileSync } from 'node:fs'
import { catalogFiles } from '../../unit/i18n/catalogs'

const cache = new Map<string, Map<string, string>>()

function unquote(s: string): string {
  return JSON.parse(s) as string
}

const key = (source: string, context: string | undefined) => (context === undefined ? source : `${context}\u0004${source}`)

function catalog(lang: string): Map<string, string> {
  let entries = cache.get(lang)
  if (entries) return entries
  entries = new Map()
  const text = catalogFiles(lang)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n\n')
  for (const block of text.split(/\n\n+/)) {
    const id = /^msgid (".*")$/m.exec(block)
    const str = /^msgstr (".*")$/m.exec(block)
    // One msgid can have several meanings, each under its own msgctxt ("Account" the tab and the
    // login account): keyed by context and message, so the plain one is never taken for another.
    const context = /^msgctxt (".*")$/m.exec(block)
    if (id?.[1] && str?.[1]) entries.set(key(unquote(id[1]), context?.[1] ? unquote(context[1]) : undefined), unquote(str[1]))
  }
  cache.set(lang, entries)
  return entries
}

/**
 * The catalog's text for an English source message, in `context` when the message has one;
 * fails loudly when it is missing or empty.
 */
export function translation(lang: string, source: string, context?: string): string {
  const text = lang === 'en' ? source : catalog(lang).get(key(source, context))
  if (!text) throw new Error(`no ${lang} translation for ${JSON.stringify(source)}${context === undefined ? '' : ` in context ${JSON.stringify(context)}`}`)
  return text
}
