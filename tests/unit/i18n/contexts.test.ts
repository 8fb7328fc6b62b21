import { afterAll, describe, expect, it } from 'vitest'
import { msg } from '@lingui/core/macro'
import { activateLanguage, i18n } from '../../../src/i18n/setup'
import { STATUS_NAMES, TYPE_NAMES } from '../../../src/features/trade/labels'

// One English word, two meanings: each place has its own catalog entry (a Lingui context), so a
// language that needs two words gets them. The plain msgid is the other place (the tab, the
// market's session, the address button, the chart's period).
describe('words with two meanings', () => {
  afterAll(async () => {
    await activateLanguage('en')
  })

  it('translates the order type "Market" apart from the Market tab (市價 / 시장가, not 行情 / 시장)', async () => {
    await activateLanguage('tw')
    expect(i18n._(TYPE_NAMES.market)).toBe('市價')
    expect(i18n._(msg`Market`)).toBe('行情')
    await activateLanguage('kr')
    expect(i18n._(TYPE_NAMES.market)).toBe('시장가')
    expect(i18n._(msg`Market`)).toBe('시장')
  })

  it('keeps them one word in English', async () => {
    await activateLanguage('en')
    expect(i18n._(TYPE_NAMES.market)).toBe('Market')
    expect(i18n._(STATUS_NAMES.closed)).toBe('Closed')
  })

  it('translates each other ambiguous word for its place in Chinese and Korean', async () => {
    const pairs = [
      [msg({ message: 'Change', context: 'price change' }), msg`Change`, ['tw', 'kr']],
      [STATUS_NAMES.closed, msg`Closed`, ['tw', 'kr']],
      [msg({ message: 'Day', context: 'day trading' }), msg`Day`, ['tw', 'kr']],
      [msg({ message: 'Account', context: 'login account' }), msg`Account`, ['tw', 'kr']],
      // 市值 is both in Chinese; Korean says 시가총액 for a stock, 평가금액 for a position.
      [msg({ message: 'Market value', context: 'market capitalisation' }), msg`Market value`, ['kr']],
    ] as const
    for (const lang of ['tw', 'kr'] as const) {
      await activateLanguage(lang)
      for (const [inPlace, plain, langs] of pairs) {
        if ((langs as readonly string[]).includes(lang)) expect(i18n._(inPlace), `${lang} ${plain.id}`).not.toBe(i18n._(plain))
      }
    }
  })
})
