/**
 * News: `news_articles` (image, publish time) and `news_translations` (title, summary, body per
 * language). Every article has an English translation, the fallback for a missing language.
 */
import { sql } from 'kysely'
import { type NewsLanguage } from './rules'
import { type Executor, type Tx } from '../db/executor'
import { type NewsArticle, type NewsItem } from '../../src/contract/replies'

function translated(db: Executor, lang: NewsLanguage) {
  return db
    .selectFrom('news_articles as a')
    .innerJoin('news_translations as en', (j) => j.onRef('en.article_id', '=', 'a.id').on('en.lang', '=', 'en'))
    .leftJoin('news_translations as t', (j) => j.onRef('t.article_id', '=', 'a.id').on('t.lang', '=', lang))
    .select([
      'a.id as id',
      'a.image as image',
      'a.published_at as publishedAt',
      sql<string>`coalesce(t.title, en.title)`.as('title'),
      sql<string>`coalesce(t.summary, en.summary)`.as('summary'),
    ])
}

/** A page of articles, newest first, in `lang` where translated and English elsewhere. */
export async function listNews(
  db: Executor,
  lang: NewsLanguage,
  page: { limit: number; offset: number },
): Promise<{ items: NewsItem[]; total: number }> {
  const items = await translated(db, lang)
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  const { total } = await db
    .selectFrom('news_articles')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return { items, total }
}

export async function findNews(db: Executor, id: number, lang: NewsLanguage): Promise<NewsArticle | undefined> {
  return translated(db, lang)
    .select(sql<string>`coalesce(t.body, en.body)`.as('body'))
    .where('a.id', '=', id)
    .executeTakeFirst()
}

export type NewsTranslation = { lang: NewsLanguage; title: string; summary: string; body: string }

export async function insertNews(
  trx: Tx,
  input: { image: string | null; publishedAt: number; now: number; translations: NewsTranslation[] },
): Promise<number> {
  if (!input.translations.some((t) => t.lang === 'en')) throw new Error('a news article needs an English translation')
  const { id } = await trx
    .insertInto('news_articles')
    .values({ image: input.image, published_at: input.publishedAt, created_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('news_translations')
    .values(input.translations.map((t) => ({ article_id: id, lang: t.lang, title: t.title, summary: t.summary, body: t.body })))
    .execute()
  return id
}

export async function countNews(db: Executor): Promise<number> {
  const row = await db.selectFrom('news_articles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return row.n
}
