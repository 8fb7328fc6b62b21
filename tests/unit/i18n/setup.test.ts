import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateLanguage, i18n } from '../../../src/i18n/setup'
import { translateRefusal } from '../../../src/i18n/serverMessages'

describe('activateLanguage', () => {
  afterEach(async () => {
    vi.unstubAllGlobals()
    await activateLanguage('en')
  })

  it('activates the catalog and sets <html lang> to the BCP 47 locale', async () => {
    const documentElement = { lang: '' }
    vi.stubGlobal('document', { documentElement })
    await activateLanguage('yd')
    expect(i18n.locale).toBe('yd')
    expect(i18n.locales).toEqual(['hi-IN'])
    expect(documentElement.lang).toBe('hi-IN')
  })

  // These read the real catalogs (locales/*.po), so they depend on their translations.
  it.each([
    ['tw', /\p{Script=Han}/u],
    ['kr', /\p{Script=Hangul}/u],
    ['yd', /\p{Script=Devanagari}/u],
  ] as const)('translates refusals with the %s catalog', async (lang, script) => {
    await activateLanguage(lang)
    const byCode = translateRefusal({ code: 'password_length', params: { min: 6, max: 32 }, msg: 'x' })
    expect(byCode).toMatch(script)
    expect(byCode).toContain('6')
    expect(byCode).toContain('32')
    const legacy = translateRefusal({ msg: '请在09:30:00-24:00:00时间段内操作' })
    expect(legacy).toMatch(script)
    expect(legacy).toContain('09:30:00-24:00:00')
    const unknown = translateRefusal({ msg: '未知错误' })
    expect(unknown).toMatch(script)
  })
})
