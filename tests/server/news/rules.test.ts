import { describe, expect, it } from 'vitest'
import { newsLanguage, newsNotFound, pageOffset } from '../../../server/news/rules'

describe('news rules', () => {
  it('uses the lang header when known and English otherwise', () => {
    expect(newsLanguage('kr')).toBe('kr')
    expect(newsLanguage(' YD ')).toBe('yd')
    expect(newsLanguage('fr')).toBe('en')
    expect(newsLanguage(undefined)).toBe('en')
  })

  it('maps 1-based pages to offsets', () => {
    expect(pageOffset(1, 10)).toEqual({ limit: 10, offset: 0 })
    expect(pageOffset(3, 4)).toEqual({ limit: 4, offset: 8 })
  })

  it('names the missing article', () => {
    expect(newsNotFound(9)).toMatchObject({ code: 'news_not_found', params: { id: 9 } })
  })
})
