import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '../../../src/data/db'
import { getStoredLanguage, storeLanguage } from '../../../src/data/preferences'

describe('stored language', () => {
  beforeEach(async () => {
    await db.meta.clear()
  })

  it('is English when nothing is stored', async () => {
    expect(await getStoredLanguage()).toBe('en')
  })

  it('keeps the chosen language in db.meta', async () => {
    await storeLanguage('kr')
    expect(await getStoredLanguage()).toBe('kr')
    expect((await db.meta.get('language'))?.value).toBe('kr')
  })

  it('resets a retired or foreign code to English', async () => {
    await db.meta.put({ key: 'language', value: 'zh', updatedAt: 0 })
    expect(await getStoredLanguage()).toBe('en')
    await db.meta.put({ key: 'language', value: 7, updatedAt: 0 })
    expect(await getStoredLanguage()).toBe('en')
  })
})
