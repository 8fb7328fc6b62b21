/** News rules: which language an article is shown in, and how a page maps to rows. */
import { DomainRefusal } from '../http/refusal'

const NEWS_LANGUAGES = ['en', 'tw', 'kr', 'yd'] as const
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number]

/** The `lang` header's language when the app knows it, else English (DESIGN.md section 6). */
export function newsLanguage(header: string | undefined): NewsLanguage {
  const wanted = (header ?? '').trim().toLowerCase()
  return NEWS_LANGUAGES.find((l) => l === wanted) ?? 'en'
}

export function pageOffset(page: number, size: number): { limit: number; offset: number } {
  return { limit: size, offset: (page - 1) * size }
}

export function newsNotFound(id: number): DomainRefusal {
  return new DomainRefusal('news_not_found', { id }, `News article ${id} does not exist.`)
}
