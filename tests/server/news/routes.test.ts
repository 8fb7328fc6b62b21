import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertNews } from '../../../server/news/repository'
import { createTestApp, type TestApp } from '../helpers'

let t: TestApp
let englishOnlyId: number
beforeAll(async () => {
  t = await createTestApp()
  englishOnlyId = await t.database.db.transaction().execute((trx) =>
    insertNews(trx, {
      image: '/icons/icon-192.png',
      publishedAt: t.clock.now() + 1000,
      now: t.clock.now(),
      translations: [{ lang: 'en', title: 'Only in English', summary: 'Summary', body: 'Body' }],
    }),
  )
})
afterAll(() => t.close())

type Item = { id: number; title: string; summary: string; image: string | null; publishedAt: number; body?: string }
type Page = { data: Item[]; total: number }

describe('POST /news/list', () => {
  it('pages newest first with a default size of 10', async () => {
    const res = await t.call('/news/list', {})
    const page = res.body.data as Page
    expect(page.total).toBe(7)
    expect(page.data).toHaveLength(7)
    expect(page.data[0]!.id).toBe(englishOnlyId)
    const times = page.data.map((i) => i.publishedAt)
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(page.data[0]).not.toHaveProperty('body')
  })

  it('splits into pages of the asked size', async () => {
    const all = ((await t.call('/news/list', { page: 1, size: 50 })).body.data as Page).data.map((i) => i.id)
    const p1 = (await t.call('/news/list', { page: 1, size: 3 })).body.data as Page
    const p3 = (await t.call('/news/list', { page: 3, size: 3 })).body.data as Page
    const p4 = (await t.call('/news/list', { page: 4, size: 3 })).body.data as Page
    expect(p1.data.map((i) => i.id)).toEqual(all.slice(0, 3))
    expect(p3.data.map((i) => i.id)).toEqual(all.slice(6))
    expect(p4).toEqual({ data: [], total: 7 })
  })

  it('refuses a size above 50 or a page below 1 as bad input', async () => {
    expect((await t.call('/news/list', { size: 51 })).statusCode).toBe(400)
    expect((await t.call('/news/list', { page: 0 })).statusCode).toBe(400)
  })

  it('speaks the lang header and falls back to English', async () => {
    const titles = async (lang?: string) =>
      ((await t.call('/news/list', { size: 50 }, lang ? { lang } : {})).body.data as Page).data.map((i) => i.title)
    const en = await titles()
    const tw = await titles('tw')
    const kr = await titles('kr')
    const yd = await titles('yd')
    expect(await titles('fr')).toEqual(en)
    expect(tw[0]).toBe('Only in English')
    expect(tw[1]).toMatch(/[\u4e00-\u9fff]/)
    expect(kr[1]).toMatch(/[\uac00-\ud7af]/)
    expect(yd[1]).toMatch(/[\u0900-\u097f]/)
    for (const list of [tw, kr, yd]) expect(list.slice(1).every((title, i) => title !== en[i + 1])).toBe(true)
  })
})

describe('POST /news/detail', () => {
  it('returns the article with its body in the asked language', async () => {
    const list = (await t.call('/news/list', { size: 50 })).body.data as Page
    const id = list.data[1]!.id
    const res = await t.call('/news/detail', { id }, { lang: 'kr' })
    const item = res.body.data as Item
    expect(item).toMatchObject({ id, image: null, publishedAt: list.data[1]!.publishedAt })
    expect(item.body).toMatch(/[\uac00-\ud7af]/)
    expect(item.title).toMatch(/[\uac00-\ud7af]/)
  })

  it('falls back to English for a missing translation', async () => {
    const res = await t.call('/news/detail', { id: englishOnlyId }, { lang: 'yd' })
    expect(res.body.data).toEqual({
      id: englishOnlyId,
      title: 'Only in English',
      summary: 'Summary',
      body: 'Body',
      image: '/icons/icon-192.png',
      publishedAt: t.clock.now() + 1000,
    })
  })

  it('refuses an unknown id with news_not_found', async () => {
    const res = await t.call('/news/detail', { id: 999999 })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 0, code: 'news_not_found', params: { id: 999999 } })
  })
})
