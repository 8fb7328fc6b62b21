/**
 * An area's refusal sentences sit in its own catalog (src/features/<area>/refusals.ts), loaded
 * with its screens. Before that catalog has loaded (an item queued on the loan screen, refused
 * at the next start), the reader sees the server's English sentence, not a message ID.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { activateLanguage, loadArea } from '../../../src/i18n/setup'
import { translateRefusal } from '../../../src/i18n/serverMessages'

beforeAll(async () => {
  await activateLanguage('en')
})

describe("an area's refusal", () => {
  it("shows the server's sentence until the area's catalog loads, then the app's own", async () => {
    const refusal = { code: 'loan_unpaid', params: {}, msg: 'Repay the unpaid loan first.' }
    expect(translateRefusal(refusal)).toBe('Repay the unpaid loan first.')
    await loadArea('loan')
    expect(translateRefusal(refusal)).toBe('Repay your unpaid loan before applying for another.')
  })

  it('in the main catalog needs no area', () => {
    expect(translateRefusal({ code: 'login_failed', params: {}, msg: 'server words' })).toBe('Wrong mobile number or password.')
  })
})
