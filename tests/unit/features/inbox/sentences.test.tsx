/**
 * Every inbox kind is worded from its params in every language (issue 13: the server sends no
 * sentence): the facts appear in the sentence, in the reader's script, and a message with its
 * params missing still reads as a sentence instead of breaking the screen.
 */
import { type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nProvider } from '@lingui/react'
import { afterAll, describe, expect, it } from 'vitest'
import { type InboxMessage } from '../../../../src/data/inbox'
import { InboxSentence, InboxTitle } from '../../../../src/features/inbox/sentences'
import { activateLanguage, i18n, loadArea } from '../../../../src/i18n/setup'
import { type Language } from '../../../../src/i18n/languages'

const at = (kind: InboxMessage['kind'], params: InboxMessage['params']): InboxMessage => ({ id: 1, kind, params, link: null, createdAt: 0, readAt: null })

/** One message of each kind, with the facts its sentence must carry. */
const SAMPLES: [InboxMessage, string[]][] = [
  [at('review_decided', { queue: 'withdrawal', requestId: 7, approved: false, reason: 'Card holder differs' }), ['Card holder differs']],
  [at('review_decided', { queue: 'some_later_queue', requestId: 42, approved: true, reason: null }), ['42']],
  [at('order_filled', { orderId: 3, symbol: 'TCS', direction: 'short', lots: 2, price: 345_050 }), ['TCS', '2', '3,450.50']],
  [at('position_closed', { orderId: 3, symbol: 'INFY', cause: 'stop_out', price: 150_000, profit: -12_345 }), ['INFY', '1,500.00', '₹123.45']],
  [at('allotment', { issueId: 1, symbol: 'NEWCO', appliedLots: 3, wonLots: 1, amountDue: 1_500_000 }), ['NEWCO', '1', '3', '₹15,000.00']],
  [at('support_reply', { threadId: 5 }), []],
  [at('vip_changed', { fromLevel: 1, toLevel: 2 }), ['VIP 1', 'VIP 2']],
  [at('sign_in_failed', { count: 3 }), ['3']],
]

const SCRIPTS: Record<Language, RegExp> = { en: /[A-Za-z]/, tw: /\p{Script=Han}/u, kr: /\p{Script=Hangul}/u, yd: /\p{Script=Devanagari}/u }

function render(node: ReactNode): string {
  return renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>).replace(/<[^>]+>/g, '')
}

afterAll(() => activateLanguage('en'))

describe('inbox sentences', () => {
  for (const lang of ['en', 'tw', 'kr', 'yd'] as const) {
    it(`words every kind with its facts in ${lang}`, async () => {
      await activateLanguage(lang)
      await loadArea('inbox')
      for (const [message, facts] of SAMPLES) {
        const title = render(<InboxTitle message={message} />)
        const sentence = render(<InboxSentence message={message} />)
        expect(title, message.kind).toMatch(SCRIPTS[lang])
        expect(sentence, message.kind).toMatch(SCRIPTS[lang])
        for (const fact of facts) expect(sentence, `${message.kind} in ${lang}`).toContain(fact)
      }
    })
  }

  it('reads a message whose params are missing as a sentence, not an error', async () => {
    await activateLanguage('en')
    await loadArea('inbox')
    for (const [message] of SAMPLES) expect(render(<InboxSentence message={{ ...message, params: {} }} />).length).toBeGreaterThan(10)
  })
})
