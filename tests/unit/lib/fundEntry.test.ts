import { loanDisbursementEntry, loanInterestEntry, loanRepaymentEntry } from '../../../server/loan/ledger-legs'
import { beforeEach, describe, expect, it } from 'vitest'
import { rechargeCreditEntry, withdrawalDecisionEntry, withdrawalFreezeEntry } from '../../../server/funds/rules'
import { exchangeEntry } from '../../../server/funds/exchange-rules'
import { LEDGER_REASONS, type LedgerReason } from '../../../server/ledger/rules'
import { closePositionEntry, freezeOrderEntry, openPositionEntry, unfreezeOrderEntry } from '../../../server/trade/ledger-legs'
import { type Paise } from '../../../server/ledger/money'
import { dividendEntry } from '../../../server/dividends/rules'
import { blockAllocationEntry, blockFreezeEntry, blockReleaseEntry } from '../../../server/block/ledger-legs'
import { ipoAllotmentEntry, ipoBlockEntry, ipoListingEntry, ipoPaymentEntry, ipoReleaseEntry } from '../../../server/ipo/ledger-legs'
import { followInvestEntry, followRedeemEntry } from '../../../server/follow/ledger-legs'
import { activateLanguage, i18n, loadArea } from '../../../src/i18n/setup'
import { describeFundEntry, type FundEntry } from '../../../src/lib/fundEntry'
import { FUND_KINDS, fundKindOf } from '../../../src/lib/fundKinds'

const paise = (n: number) => n as Paise
const say = (entry: FundEntry) => i18n._(describeFundEntry(entry))

// Each reason with the reference the server writes for it, built by the server's own code where
// there is a function for it (so a changed shape fails here); typed by LedgerReason, so a new
// reason does not compile until it has a sample and a description.
const order = { margin: paise(4_000_000), fee: paise(1_200), stampDuty: paise(600), totalDebit: paise(4_001_800) }
const written: Record<LedgerReason, { reference: string | null; words: string }> = {
  demo_grant: { reference: 'demo grant', words: 'Demo funds' }, // server/db/seed.ts
  sign_in_reward: { reference: 'sign_in:2026-11-23', words: 'Daily sign-in reward, 2026.11.23' }, // server/accounts/routes.ts
  order_freeze: { reference: freezeOrderEntry(7, 'T0000000042', order).reference, words: 'Order T0000000042 placed: funds frozen' },
  order_unfreeze: { reference: unfreezeOrderEntry(7, 'T0000000042', order).reference, words: 'Order T0000000042 cancelled: funds released' },
  position_open: { reference: openPositionEntry(7, 'T0000000042', order, 'available').reference, words: 'Position opened, order T0000000042' },
  position_close: {
    reference: closePositionEntry(7, 'T0000000042', { margin: order.margin, cashReturned: paise(4_100_000), fee: paise(1_200), stampDuty: paise(0) }).reference,
    words: 'Position closed, order T0000000042',
  },
  recharge: { reference: rechargeCreditEntry(7, 1, paise(100_000), null).reference, words: 'Deposit #1' },
  withdrawal_freeze: { reference: withdrawalFreezeEntry(7, 1, paise(50_000)).reference, words: 'Withdrawal #1 requested: funds frozen' },
  withdrawal_paid: { reference: withdrawalDecisionEntry(7, 1, paise(50_000), true, 'ops').reference, words: 'Withdrawal #1 paid' },
  withdrawal_unfreeze: { reference: withdrawalDecisionEntry(7, 1, paise(50_000), false, 'ops').reference, words: 'Withdrawal #1 rejected: funds released' },
  exchange: {
    reference: exchangeEntry(7, 1, { from: 'INR', to: 'USD', amountIn: 1_000_000, amountOut: 11_884 }).reference,
    words: 'Currency exchange #1',
  },
  dividend: { reference: dividendEntry(7, 3, paise(12_500)).reference, words: 'Dividend #3' },
  ipo_block: { reference: ipoBlockEntry(7, '7K3M9Q2XWD', paise(300_000)).reference, words: 'New shares applied for (7K3M9Q2XWD): funds blocked' },
  ipo_release: { reference: ipoReleaseEntry(7, '7K3M9Q2XWD', paise(100_000)).reference, words: 'New shares (7K3M9Q2XWD): blocked funds released' },
  ipo_allotment: { reference: ipoAllotmentEntry(7, '7K3M9Q2XWD', paise(200_000)).reference, words: 'New shares allotted (7K3M9Q2XWD): paid from blocked funds' },
  ipo_payment: { reference: ipoPaymentEntry(7, '7K3M9Q2XWD', paise(200_000)).reference, words: 'New shares allotted (7K3M9Q2XWD): paid' },
  ipo_listing: { reference: ipoListingEntry('7K3M9Q2XWD', paise(200_000)).reference, words: 'New shares listed' },
  block_freeze: { reference: blockFreezeEntry(7, '4H8N2P6RTB', paise(2_000_000)).reference, words: 'Block trade applied for (4H8N2P6RTB): funds frozen' },
  block_release: { reference: blockReleaseEntry(7, '4H8N2P6RTB', paise(500_000)).reference, words: 'Block trade (4H8N2P6RTB): frozen funds released' },
  block_allocation: {
    reference: blockAllocationEntry(7, '4H8N2P6RTB', { amount: paise(1_490_000), handling: paise(1_000), duty: paise(224), paid: paise(1_491_224) }).reference,
    words: 'Block trade allocated (4H8N2P6RTB): paid from frozen funds',
  },
  follow_invest: { reference: followInvestEntry(7, 12, paise(500_000)).reference, words: 'Copy trading: invested, investment #12' },
  // A redemption by the user and by the stop-loss write the same entry; the records screen says which.
  follow_redeem: { reference: followRedeemEntry(7, 12, paise(500_000), paise(480_000)).reference, words: 'Copy trading: redeemed, investment #12' },
  loan_disbursement: { reference: loanDisbursementEntry(7, 4, paise(5_000_000)).reference, words: 'Loan #4 paid out' },
  // Interest touches no pocket of the user's, so fund records never show it; the loan records do.
  loan_interest: { reference: loanInterestEntry(4, paise(2_000)).reference, words: "Loan #4: a day's interest" },
  loan_repayment: { reference: loanRepaymentEntry(7, 4, paise(2_500_000)).reference, words: 'Loan #4 repayment' },
}

describe('describeFundEntry', () => {
  beforeEach(async () => {
    await activateLanguage('en')
  })

  it('says every reason the server writes in words, with the number or day and never the raw reference', () => {
    for (const reason of Object.values(LEDGER_REASONS)) {
      const { reference, words } = written[reason]
      expect(say({ reason, reference }), reason).toBe(words)
      expect(say({ reason, reference })).not.toMatch(/recharge:|withdrawal:|exchange:|sign_in:|demo grant/)
    }
  })

  it('names the two currencies of an exchange from the records of its entry', () => {
    const moves = [{ currency: 'INR', amount: -1_000_000 }, { currency: 'USD', amount: 11_884 }]
    expect(say({ reason: 'exchange', reference: 'exchange:1', moves })).toBe('Exchange INR → USD')
    expect(say({ reason: 'exchange', reference: 'exchange:1', moves: [...moves].reverse() })).toBe('Exchange INR → USD')
    // Only one side on this device (a page boundary between the two records): the number instead.
    expect(say({ reason: 'exchange', reference: 'exchange:1', moves: [moves[0]!] })).toBe('Currency exchange #1')
  })

  it('drops a reference in a shape it does not know instead of showing it', () => {
    expect(say({ reason: 'recharge', reference: 'recharge:abc' })).toBe('Deposit')
    expect(say({ reason: 'recharge', reference: null })).toBe('Deposit')
    expect(say({ reason: 'withdrawal_paid', reference: 'recharge:3' })).toBe('Withdrawal paid')
    expect(say({ reason: 'sign_in_reward', reference: 'sign_in:yesterday' })).toBe('Daily sign-in reward')
    expect(say({ reason: 'position_open', reference: 'internal note' })).toBe('Position opened')
    expect(say({ reason: 'exchange', reference: null })).toBe('Currency exchange')
  })

  it('calls a reason it does not know "Other", whatever its reference', () => {
    expect(say({ reason: 'dividend_paid', reference: 'dividend:9' })).toBe('Other')
  })

  it('covers every reason of every fund records tab', () => {
    for (const kind of FUND_KINDS.filter((k) => k !== 'all')) {
      const reasons = Object.values(LEDGER_REASONS).filter((r) => fundKindOf(r) === kind)
      expect(reasons.length, kind).toBeGreaterThan(0)
      for (const reason of reasons) expect(say({ reason, reference: null })).not.toBe('Other')
    }
  })

  it('is translated in every language, with the number kept', async () => {
    const expected = { tw: ['儲值 #1', '模擬資金', '兌換 INR → USD'], kr: ['입금 #1', '모의 투자 자금', '환전 INR → USD'], yd: ['जमा #1', 'डेमो फ़ंड', 'विनिमय INR → USD'] }
    const moves = [{ currency: 'INR', amount: -1 }, { currency: 'USD', amount: 1 }]
    // The words live in the money screens' catalog, which their routes load.
    await loadArea('funds')
    for (const [lang, words] of Object.entries(expected) as ['tw' | 'kr' | 'yd', string[]][]) {
      await activateLanguage(lang)
      expect([say({ reason: 'recharge', reference: 'recharge:1' }), say({ reason: 'demo_grant', reference: 'demo grant' }), say({ reason: 'exchange', reference: 'exchange:1', moves })]).toEqual(words)
      for (const reason of Object.values(LEDGER_REASONS)) expect(say({ reason, reference: written[reason].reference }), `${lang} ${reason}`).not.toBe(written[reason].words)
    }
  })
})
