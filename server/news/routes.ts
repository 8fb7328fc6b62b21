/** /news/*: articles in the `lang` header's language, English where a translation is missing. */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { newsLanguage, newsNotFound, pageOffset } from './rules'
import { ok } from '../plugins/envelope'
import { findNews, listNews } from './repository'
import { NewsArticle, NewsItem } from '../../src/contract/replies'
import { type RouteDeps } from '../http/deps'
import { Id, replies } from '../http/schemas'

const LangHeaders = Type.Object({ lang: Type.Optional(Type.String({ description: 'en | tw | kr | yd; others fall back to en' })) })

export const newsRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const ListBody = Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: deps.config.newsPageMax, description: `default ${deps.config.newsPageSize}` })),
  })

  app.post(
    '/news/list',
    {
      schema: {
        tags: ['news'],
        summary: 'A page of news, newest first',
        headers: LangHeaders,
        body: ListBody,
        response: replies(Type.Object({ data: Type.Array(NewsItem), total: Type.Integer() })),
      },
    },
    async (request) => {
      const page = pageOffset(request.body.page ?? 1, request.body.size ?? deps.config.newsPageSize)
      const { items, total } = await listNews(deps.db, newsLanguage(request.headers.lang), page)
      return ok({ data: items, total })
    },
  )

  app.post(
    '/news/detail',
    {
      schema: {
        tags: ['news'],
        summary: 'One article with its body',
        headers: LangHeaders,
        body: Type.Object({ id: Id }),
        response: replies(NewsArticle),
      },
    },
    async (request) => {
      const article = await findNews(deps.db, request.body.id, newsLanguage(request.headers.lang))
      if (!article) throw newsNotFound(request.body.id)
      return ok(article)
    },
  )
}
