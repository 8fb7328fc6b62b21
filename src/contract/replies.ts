/**
 * The rows the server replies with and the app reads, declared once (DESIGN.md section 1). The
 * server's routes use these schemas in `response: replies(...)`, so a reply that drifts from them
 * fails its own serialisation; the app imports only their types (`import type`), so TypeBox never
 * enters the app's bundle. A row the app stores may extend one with local fields (its account).
 */
import { Type, type Static, type TSchema } from 'typebox'
import { RATE_SCALE } from '../lib/exchange'
import { type QuizItemId as QuizItemIdOfLib } from '../lib/quiz'

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** A money request's review: pending until someone decides it. */
export const ReviewStatus = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')])
export type ReviewStatus = Static<typeof ReviewStatus>

// --- Funds -------------------------------------------------------------------------------------

/** /user/withdraw, /user/withdrawList */
export const Withdrawal = Type.Object({
  id: Type.Integer(),
  cardId: Type.Integer(),
  amount: Type.Integer({ description: 'paise' }),
  status: Type.Union(ReviewStatus.anyOf, { description: 'pending, approved (paid) or rejected (unfrozen)' }),
  reason: Nullable(Type.String()),
  createdAt: Type.Integer(),
  decidedAt: Nullable(Type.Integer()),
})
export type Withdrawal = Static<typeof Withdrawal>

/** /user/recharge, /user/rechargeList */
export const Recharge = Type.Object({
  id: Type.Integer(),
  channel: Type.String(),
  amount: Type.Integer({ description: 'paise' }),
  receiptUploadId: Type.Integer(),
  status: Type.Union(ReviewStatus.anyOf, { description: 'pending, approved (credited) or rejected' }),
  reason: Nullable(Type.String()),
  createdAt: Type.Integer(),
  decidedAt: Nullable(Type.Integer()),
})
export type Recharge = Static<typeof Recharge>

/** /user/rechargeChannels: where to send a deposit. */
export const RechargeChannel = Type.Union([
  Type.Object({ id: Type.String(), kind: Type.Literal('bank'), beneficiary: Type.String(), accountNumber: Type.String(), ifsc: Type.String(), bank: Type.String() }),
  Type.Object({ id: Type.String(), kind: Type.Literal('upi'), payee: Type.String(), vpa: Type.String() }),
  Type.Object({ id: Type.String(), kind: Type.Literal('usdt'), network: Type.Literal('TRC20'), address: Type.String() }),
])
export type RechargeChannel = Static<typeof RechargeChannel>

/** /fund/records: one ledger entry as it changed the account's pockets. */
export const FundRecord = Type.Object({
  id: Type.Integer({ description: 'the ledger entry' }),
  reason: Type.String({ description: 'demo_grant, sign_in_reward, order_freeze, order_unfreeze, position_open, position_close, ...' }),
  reference: Nullable(Type.String({ description: 'the order number for trading entries' })),
  createdAt: Type.Integer(),
  currency: Type.String(),
  available: Type.Integer({ description: 'change to available, signed paise' }),
  frozen: Type.Integer({ description: 'change to frozen, signed paise' }),
})
export type FundRecord = Static<typeof FundRecord>

// Spelled out (USDT_NETWORKS in src/lib/validators.ts; a test holds them equal): a union mapped
// from the list loses its literal types.
export const UsdtNetwork = Type.Union([Type.Literal('TRC20'), Type.Literal('ERC20')], {
  description: 'TRC20 (TRON: T and 33 more base58 characters, checksum verified) or ERC20 (Ethereum: 0x and 40 hex digits)',
})

/** /user/usdtAddress, /user/usdtAddressSave */
export const UsdtAddress = Type.Object({
  network: UsdtNetwork,
  address: Type.String(),
  qrUploadId: Nullable(Type.Integer({ description: 'the payment QR picture, read with /user/uploadData' })),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type UsdtAddress = Static<typeof UsdtAddress>

const Minor = (description: string) => Type.Integer({ description: `${description}, whole minor units of its currency` })
const Rate = (description: string) => Type.Integer({ description: `${description}: rupees per unit x ${RATE_SCALE}` })

/** /user/wallets: one currency's pockets. */
export const Wallet = Type.Object({
  currency: Type.String(),
  decimals: Type.Integer({ description: 'digits of the minor unit (JPY, KRW, VND: 0)' }),
  available: Minor('spendable'),
  frozen: Minor('held'),
  total: Minor('available + frozen'),
})
export type Wallet = Static<typeof Wallet>

/** /exchange/rates: one currency's rate against the rupee. */
export const CurrencyRate = Type.Object({
  currency: Type.String(),
  decimals: Type.Integer(),
  mid: Nullable(Rate('mid rate')),
  buy: Nullable(Rate('what one unit costs in rupees, spread included')),
  sell: Nullable(Rate('what one unit brings in rupees, spread taken')),
  source: Nullable(
    Type.Union([Type.Literal('base'), Type.Literal('market'), Type.Literal('reference')], {
      description: 'base: INR; market: the live INR pair; reference: a fixed rate from config. null: no rate now',
    }),
  ),
  time: Nullable(Type.Integer({ description: 'epoch ms the market quote describes' })),
})
export type CurrencyRate = Static<typeof CurrencyRate>

/** /user/exchangeRates */
export const ExchangeRates = Type.Object({
  at: Type.Integer({ description: 'epoch ms of this answer' }),
  base: Type.Literal('INR'),
  rateScale: Type.Integer(),
  spreadPerLakh: Type.Integer(),
  rates: Type.Array(CurrencyRate),
})
export type ExchangeRates = Static<typeof ExchangeRates>

/** /exchange/create: the exchange as booked. */
export const ExchangeResult = Type.Object({
  id: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
  amountIn: Minor('paid from the `from` wallet'),
  amountOut: Minor('paid into the `to` wallet'),
  midFrom: Rate('mid rate of `from` applied'),
  midTo: Rate('mid rate of `to` applied'),
  spreadPerLakh: Type.Integer(),
  rateScale: Type.Integer(),
  createdAt: Type.Integer(),
})
export type ExchangeResult = Static<typeof ExchangeResult>

// --- New shares (issue 10) ----------------------------------------------------------------------

export const IpoPaymentMode = Type.Union([Type.Literal('blocked'), Type.Literal('pay_after_win')], {
  description: 'blocked: the amount is frozen at application (like ASBA); pay_after_win: a winner pays by a deadline',
})
export type IpoPaymentMode = Static<typeof IpoPaymentMode>

/** ipo: an initial public offer, allotted by SEBI's retail rule; placement: a fixed block allotted in proportion to the amount applied. */
export const IpoKind = Type.Union([Type.Literal('ipo'), Type.Literal('placement')])
export type IpoKind = Static<typeof IpoKind>

/** Where an issue is, from its times and the steps the server has taken. */
export const IpoStage = Type.Union(
  [Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed'), Type.Literal('drawn'), Type.Literal('listed'), Type.Literal('cancelled')],
  { description: 'upcoming (before the window), open, closed (list frozen, draw pending), drawn, listed, cancelled' },
)
export type IpoStage = Static<typeof IpoStage>

/** /newStock/list, /newStock/detail: one issue with its rules, timeline and subscription so far. */
export const IpoIssue = Type.Object({
  id: Type.Integer(),
  kind: IpoKind,
  minAmount: Nullable(Type.Integer({ description: "a placement's tier minimum, paise; its minLots is this in whole lots, rounded up" })),
  symbol: Type.String({ description: 'the ticker it lists under' }),
  name: Type.String(),
  sector: Type.String(),
  industry: Type.String(),
  price: Type.Integer({ description: 'issue price per share, paise' }),
  lotSize: Type.Integer({ description: 'shares per lot' }),
  minLots: Type.Integer({ description: 'the minimum application, in lots' }),
  maxLots: Type.Integer({ description: 'the most one application may ask: the retail cap (ipo_retail_max) in whole lots' }),
  retailShares: Type.Integer({ description: 'shares offered to retail applicants' }),
  allottableLots: Type.Integer({ description: 'floor(retailShares / lotSize)' }),
  paymentMode: IpoPaymentMode,
  opensAt: Type.Integer(),
  closesAt: Type.Integer({ description: 'T' }),
  drawAt: Type.Integer({ description: 'T+1' }),
  refundAt: Type.Integer({ description: 'T+2: blocked money debited or released; the payment deadline of pay-after-win' }),
  listingAt: Type.Integer({ description: 'T+3' }),
  stage: IpoStage,
  commitment: Type.String({ description: 'sha256 of the draw seed, published when the issue is created' }),
  applications: Type.Integer({ description: 'valid applications so far' }),
  appliedLots: Type.Integer({ description: 'lots asked so far' }),
  cancelReason: Nullable(Type.String()),
})
export type IpoIssue = Static<typeof IpoIssue>

export const IpoApplicationStatus = Type.Union(
  [
    Type.Literal('applied'),
    Type.Literal('won'),
    Type.Literal('not_won'),
    Type.Literal('pending_payment'),
    Type.Literal('paid'),
    Type.Literal('waived'),
    Type.Literal('payment_failed'),
    Type.Literal('refunded'),
    Type.Literal('listed'),
    Type.Literal('cancelled'),
  ],
  {
    description:
      'applied (pending draw); won / not_won (blocked issues, until the refund step); pending_payment, paid, waived, payment_failed; ' +
      'refunded (blocked money released: not won, or the issue cancelled); listed (shares delivered as a position); cancelled (issue cancelled, nothing was held)',
  },
)
export type IpoApplicationStatus = Static<typeof IpoApplicationStatus>

/** /newStock/subscribe, /newStock/records, /newStock/pay, /newStock/waive: one of the user's applications. */
export const IpoApplication = Type.Object({
  id: Type.Integer(),
  issueId: Type.Integer(),
  symbol: Type.String(),
  name: Type.String(),
  ref: Type.String({ description: 'the public reference the draw lists it under' }),
  pan: Type.String({ description: 'the PAN it is filed under, masked' }),
  lots: Type.Integer({ description: 'lots asked' }),
  lotSize: Type.Integer(),
  price: Type.Integer({ description: 'issue price per share, paise' }),
  amount: Type.Integer({ description: 'lots x lotSize x price: blocked at application, or the most a win can cost' }),
  paymentMode: IpoPaymentMode,
  status: IpoApplicationStatus,
  rank: Nullable(Type.Integer({ description: 'place in the draw order, 1 = drawn first; null before the draw' })),
  allottedLots: Type.Integer(),
  paidLots: Type.Integer(),
  owed: Type.Integer({ description: 'paise still to pay for allotted lots (pay-after-win)' }),
  payDeadline: Nullable(Type.Integer()),
  orderId: Nullable(Type.Integer({ description: 'the position the shares became at listing' })),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type IpoApplication = Static<typeof IpoApplication>

/** /newStock/draw: everything needed to re-run the draw (src/contract/draw.ts). */
export const IpoDraw = Type.Object({
  issueId: Type.Integer(),
  algorithm: Type.String(),
  commitment: Type.String(),
  seed: Nullable(Type.String({ description: 'revealed at the draw' })),
  beacon: Type.String({ description: 'public randomness mixed in; empty when none' }),
  digest: Nullable(Type.String({ description: 'sha256 of the frozen list, from the close' })),
  applications: Type.Array(Type.Object({ ref: Type.String(), lots: Type.Integer() }), { description: 'the frozen list, by reference; empty before the close' }),
  allottableLots: Type.Integer(),
  minLot: Type.Integer({ description: 'the minimum application, in lots (draw.ts: M)' }),
  basis: Type.Union([Type.Literal('sebi_retail'), Type.Literal('proportional')], { description: 'the allotment rule: draw.ts step 7 (an IPO) or step 9 (a placement)' }),
  result: Type.Array(Type.Object({ ref: Type.String(), rank: Type.Integer(), lots: Type.Integer() }), { description: 'the first allotment in draw order; empty before the draw' }),
  drawnAt: Nullable(Type.Integer()),
})
export type IpoDraw = Static<typeof IpoDraw>

export const DividendStatus = Type.Union(
  [Type.Literal('scheduled'), Type.Literal('unclaimed'), Type.Literal('applied'), Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('paid')],
  { description: 'scheduled (paid on the pay date), unclaimed (apply first), applied (under review), approved (paid on the pay date), rejected, paid' },
)
export type DividendStatus = Static<typeof DividendStatus>

/** /dividend/list, /dividend/apply: what one long position held at a record date is owed, with its arithmetic. */
export const DividendEntitlement = Type.Object({
  id: Type.Integer(),
  symbol: Type.String(),
  exDay: Type.String({ description: 'the ex-date, also the record date (India day, YYYY-MM-DD)' }),
  recordAt: Type.Integer(),
  payAt: Type.Integer(),
  perShare: Type.Integer({ description: 'paise per share, from the feed' }),
  shares: Type.Integer({ description: 'shares the position held at the record date' }),
  amount: Type.Integer({ description: 'shares x perShare, paise' }),
  orderId: Type.Integer({ description: 'the position that held them' }),
  applicationRequired: Type.Boolean(),
  status: DividendStatus,
  reason: Nullable(Type.String({ description: "a rejected application's reason" })),
  paidAt: Nullable(Type.Integer()),
  createdAt: Type.Integer(),
})
export type DividendEntitlement = Static<typeof DividendEntitlement>

// --- Block trades (issue 11) -------------------------------------------------------------------

/** morning: priced off the previous close; afternoon: off the volume-weighted average of a published interval before the window. */
export const BlockSession = Type.Union([Type.Literal('morning'), Type.Literal('afternoon')])
export type BlockSession = Static<typeof BlockSession>

export const BlockStage = Type.Union(
  [Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed'), Type.Literal('allocated'), Type.Literal('cancelled')],
  { description: 'upcoming (before the window), open, closed (allocation pending), allocated, cancelled' },
)
export type BlockStage = Static<typeof BlockStage>

/**
 * /block/list, /block/detail: one block offering with its published rule and the arithmetic of its
 * price: reference (from the feed) x (1 - discount) = price, inside reference x (1 +/- band).
 */
export const BlockOffering = Type.Object({
  id: Type.Integer(),
  symbol: Type.String(),
  name: Type.String(),
  session: BlockSession,
  shares: Type.Integer({ description: 'shares offered' }),
  lotSize: Type.Integer({ description: 'allocation is in whole lots of this many shares; an application is whole lots too' }),
  opensAt: Type.Integer(),
  closesAt: Type.Integer(),
  allocateAt: Type.Integer({ description: 'when the allocation is made (at or after the close)' }),
  referenceKind: Type.Union([Type.Literal('previous_close'), Type.Literal('vwap')]),
  referenceFrom: Nullable(Type.Integer({ description: 'vwap: start of the averaged interval' })),
  referenceTo: Nullable(Type.Integer({ description: 'vwap: end of the averaged interval (before opensAt)' })),
  referencePrice: Nullable(Type.Integer({ description: 'paise, from the feed; null until it can be known (the window opens)' })),
  discountBps: Type.Integer({ description: 'discount to the reference, basis points' }),
  bandBps: Type.Integer({ description: 'the price must stay within reference +/- this, basis points (block_band_bps)' }),
  price: Nullable(Type.Integer({ description: 'referencePrice x (1 - discount), rounded down to the tick; null until the reference is known' })),
  bandMin: Nullable(Type.Integer()),
  bandMax: Nullable(Type.Integer()),
  minShares: Type.Integer({ description: 'an application asks at least this many shares' }),
  minAmount: Type.Integer({ description: 'and costs at least this much, paise' }),
  lockUnit: Type.Union([Type.Literal('day'), Type.Literal('minute')]),
  lockCount: Type.Integer({ description: 'allocated shares are a position locked this long from the allocation' }),
  stage: BlockStage,
  commitment: Type.String({ description: 'sha256 of the seed of the remainder draw (src/contract/draw.ts), published at creation' }),
  applications: Type.Integer(),
  appliedShares: Type.Integer(),
  allocatedAt: Nullable(Type.Integer()),
  cancelReason: Nullable(Type.String()),
})
export type BlockOffering = Static<typeof BlockOffering>

export const BlockApplicationStatus = Type.Union(
  [Type.Literal('applied'), Type.Literal('allocated'), Type.Literal('not_allocated'), Type.Literal('cancelled')],
  { description: 'applied (money frozen, allocation pending); allocated (some or all shares, the rest released); not_allocated (all released); cancelled (offering cancelled, all released)' },
)
export type BlockApplicationStatus = Static<typeof BlockApplicationStatus>

/** /block/apply, /block/records: one of the user's applications. */
export const BlockApplication = Type.Object({
  id: Type.Integer(),
  offeringId: Type.Integer(),
  symbol: Type.String(),
  name: Type.String(),
  ref: Type.String({ description: 'the public reference the draw lists it under' }),
  shares: Type.Integer({ description: 'shares asked' }),
  price: Type.Integer({ description: 'paise per share' }),
  amount: Type.Integer({ description: 'shares x price, paise' }),
  fee: Type.Integer({ description: 'handling fee and stamp duty on amount, as for a buy order, paise' }),
  frozen: Type.Integer({ description: 'amount + fee, frozen at application until the allocation' }),
  status: BlockApplicationStatus,
  allocatedShares: Type.Integer(),
  paid: Type.Integer({ description: 'what the allocated shares cost with their fee, paise; the rest of frozen was released' }),
  orderId: Nullable(Type.Integer({ description: 'the position the allocated shares became' })),
  unlockAt: Nullable(Type.Integer({ description: 'the position is locked until then' })),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type BlockApplication = Static<typeof BlockApplication>

// --- Copy-trading (issue 11) --------------------------------------------------------------------

/**
 * NAV is the value of one unit in 1/10,000 rupee (so 100000 is Rs 10.0000); units are thousandths
 * of a unit; a holding is worth floor(units x nav / NAV_VALUE_DIVISOR) paise.
 */
export const NAV_VALUE_DIVISOR = 100_000

export const StrategyCode = Type.Union([Type.Literal('index_tracker'), Type.Literal('momentum'), Type.Literal('mean_reversion')])
export type StrategyCode = Static<typeof StrategyCode>

/** Measured from the strategy's own trades and daily NAV, over from..to (India days); ratios in basis points. */
export const FollowMetrics = Type.Object({
  from: Type.String({ description: 'first NAV day, YYYY-MM-DD' }),
  to: Type.String({ description: 'last NAV day' }),
  days: Type.Integer({ description: 'NAV days in the period' }),
  returnBps: Type.Integer({ description: 'NAV(to) / NAV(from) - 1' }),
  dailyProfitBps: Type.Integer({ description: 'NAV(to) / NAV(the day before) - 1' }),
  highestReturnBps: Type.Integer({ description: 'the highest NAV in the period / NAV(from) - 1' }),
  maxDrawdownBps: Type.Integer({ description: 'the largest fall from a running peak, positive' }),
  volatilityBps: Type.Integer({ description: 'sample standard deviation of daily NAV returns x sqrt(252)' }),
  winRateBps: Nullable(Type.Integer({ description: 'winning closed trades / closed trades (a sale matched first-in first-out, fees included); null with none' })),
  closedTrades: Type.Integer(),
  winningTrades: Type.Integer(),
})
export type FollowMetrics = Static<typeof FollowMetrics>

/** /follow/strategies (qcList): a strategy the server runs on the feed, with its published rule's parameters. */
export const FollowStrategy = Type.Object({
  id: Type.Integer(),
  code: StrategyCode,
  name: Type.String(),
  params: Type.Record(Type.String(), Type.Integer(), { description: 'the rule\'s parameters, e.g. lookbackDays, holdCount, rebalanceDays, thresholdBps' }),
  universe: Type.Array(Type.String(), { description: 'the symbols it may trade' }),
  startDay: Type.String(),
  capital: Type.Integer({ description: 'starting capital, paise' }),
  nav: Type.Integer({ description: 'NAV now (holdings at the last price), see NAV_VALUE_DIVISOR' }),
  navAt: Type.Integer(),
  metrics: Nullable(FollowMetrics),
})
export type FollowStrategy = Static<typeof FollowStrategy>

export const FollowProductStatus = Type.Union([Type.Literal('open'), Type.Literal('full'), Type.Literal('closed')], {
  description: 'open for money; full (fund size reached); closed (past its deadline)',
})
export type FollowProductStatus = Static<typeof FollowProductStatus>

/** /follow/list (fllow): a copy product open for money, following one strategy. */
export const FollowProduct = Type.Object({
  id: Type.Integer(),
  number: Type.String({ description: 'the strategy number shown to users' }),
  name: Type.String(),
  strategyId: Type.Integer(),
  strategyCode: StrategyCode,
  minAmount: Type.Integer({ description: 'paise' }),
  fundSize: Type.Integer({ description: 'the most all open investments may total, paise' }),
  invested: Type.Integer({ description: 'what open investments total now, paise' }),
  investors: Type.Integer(),
  deadline: Type.Integer({ description: 'investments are taken until then' }),
  lockUnit: Type.Union([Type.Literal('day'), Type.Literal('minute')]),
  lockCount: Type.Integer({ description: 'an investment can be redeemed this long after it was made' }),
  status: FollowProductStatus,
  nav: Type.Integer({ description: 'NAV now' }),
  navAt: Type.Integer(),
  metrics: Nullable(FollowMetrics),
})
export type FollowProduct = Static<typeof FollowProduct>

export const FollowTrade = Type.Object({
  time: Type.Integer({ description: 'epoch ms: the close it traded at' }),
  day: Type.String(),
  symbol: Type.String(),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  qty: Type.Integer({ description: 'shares' }),
  price: Type.Integer({ description: "paise: the feed's close that day" }),
  fees: Type.Integer({ description: 'handling fee and stamp duty, as for users, paise' }),
})
export type FollowTrade = Static<typeof FollowTrade>

/** /follow/detail: the product with everything needed to replay its NAV: capital, every trade, the daily NAV. */
export const FollowDetail = Type.Object({
  ...FollowProduct.properties,
  strategy: FollowStrategy,
  capital: Type.Integer({ description: 'starting capital, paise' }),
  trades: Type.Array(FollowTrade),
  nav: Type.Array(Type.Object({ day: Type.String(), nav: Type.Integer() }), { description: 'NAV at each close, oldest first' }),
  navNow: Type.Integer({ description: 'NAV now (holdings at the last price)' }),
})
export type FollowDetail = Static<typeof FollowDetail>

export const FollowInvestmentStatus = Type.Union([Type.Literal('in_progress'), Type.Literal('ended')])
export type FollowInvestmentStatus = Static<typeof FollowInvestmentStatus>

/** /follow/invest, /follow/redeem, /follow/records: one of the user's investments. */
export const FollowInvestment = Type.Object({
  id: Type.Integer(),
  productId: Type.Integer(),
  number: Type.String(),
  name: Type.String(),
  amount: Type.Integer({ description: 'paise that left the cash ledger: floor(units x navAtInvest / NAV_VALUE_DIVISOR)' }),
  units: Type.Integer({ description: 'thousandths of a unit' }),
  navAtInvest: Type.Integer(),
  nav: Type.Integer({ description: 'NAV now, or at the redemption once ended' }),
  value: Type.Integer({ description: 'floor(units x nav / NAV_VALUE_DIVISOR), paise' }),
  pnl: Type.Integer({ description: 'value - amount, paise' }),
  stopLossPercent: Nullable(Type.Integer({ description: 'redeemed automatically once value <= amount x (1 - percent / 100)' })),
  stopLossValue: Nullable(Type.Integer({ description: 'that value, paise' })),
  unlockAt: Type.Integer(),
  status: FollowInvestmentStatus,
  endReason: Nullable(Type.Union([Type.Literal('redeemed'), Type.Literal('stop_loss')])),
  endedAt: Nullable(Type.Integer()),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type FollowInvestment = Static<typeof FollowInvestment>

// --- Credit loans and VIP (issue 12) ---------------------------------------------------------

/** pending: under review; rejected (with the reason); borrowing: paid out, owing; completed: nothing owed; cancelled: withdrawn in review or within the free first day. */
export const LoanStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('rejected'),
  Type.Literal('borrowing'),
  Type.Literal('completed'),
  Type.Literal('cancelled'),
])
export type LoanStatus = Static<typeof LoanStatus>

/** One loan, its terms fixed at the application (src/lib/loan.ts). */
export const Loan = Type.Object({
  id: Type.Integer(),
  amount: Type.Integer({ description: 'principal asked and paid out, paise' }),
  dailyRatePerLakh: Type.Integer({ description: 'interest a day per lakh of principal outstanding, fixed at the application' }),
  termDays: Type.Integer(),
  status: LoanStatus,
  reason: Nullable(Type.String({ description: "the reviewer's reason for a rejection" })),
  principalOutstanding: Type.Integer(),
  interestOutstanding: Type.Integer({ description: 'accrued and not yet repaid' }),
  interestTotal: Type.Integer({ description: 'every interest day accrued so far' }),
  repaidTotal: Type.Integer(),
  owed: Type.Integer({ description: 'principalOutstanding + interestOutstanding' }),
  disbursedAt: Nullable(Type.Integer()),
  dueAt: Nullable(Type.Integer({ description: 'disbursedAt + termDays days' })),
  coolingOffUntil: Nullable(Type.Integer({ description: 'cancelling before this costs nothing: the first interest day' })),
  overdue: Type.Boolean(),
  completedAt: Nullable(Type.Integer()),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type Loan = Static<typeof Loan>

/** What happened to a loan, each money event a ledger entry (`entryId`). */
export const LoanEventKind = Type.Union([Type.Literal('disbursement'), Type.Literal('interest'), Type.Literal('repayment'), Type.Literal('cancellation')])
export type LoanEventKind = Static<typeof LoanEventKind>

export const LoanEvent = Type.Object({
  kind: LoanEventKind,
  /** An interest event's day number (1 = the first day after the payout). */
  day: Nullable(Type.Integer()),
  amount: Type.Integer(),
  interestPart: Type.Integer({ description: 'of a repayment: what went to interest (paid first)' }),
  principalPart: Type.Integer(),
  owedAfter: Type.Integer(),
  entryId: Nullable(Type.Integer()),
  at: Type.Integer(),
})
export type LoanEvent = Static<typeof LoanEvent>

/** /loan/records rows: a loan with its events, oldest event first. */
export const LoanRecord = Type.Object({ ...Loan.properties, events: Type.Array(LoanEvent) })
export type LoanRecord = Static<typeof LoanRecord>

export const CreditInputName = Type.Union([
  Type.Literal('identity_verified'),
  Type.Literal('account_age_days'),
  Type.Literal('trades'),
  Type.Literal('loans_repaid_on_time'),
  Type.Literal('late_repayments'),
])

/** One line of the score's sum (src/lib/loan.ts creditScore). */
export const CreditInput = Type.Object({ name: CreditInputName, value: Type.Integer(), points: Type.Integer() })
export type CreditInput = Static<typeof CreditInput>

/** A request for credit above the table's amount, reviewed like a loan. */
export const CreditRequest = Type.Object({
  id: Type.Integer(),
  amount: Type.Integer({ description: 'paise, whole rupees' }),
  status: ReviewStatus,
  reason: Nullable(Type.String()),
  createdAt: Type.Integer(),
  decidedAt: Nullable(Type.Integer()),
})
export type CreditRequest = Static<typeof CreditRequest>

/** /loan/info: the score with its arithmetic, what can be borrowed and on what terms. */
export const LoanInfo = Type.Object({
  score: Type.Integer(),
  base: Type.Integer({ description: "the formula's starting points" }),
  inputs: Type.Array(CreditInput),
  tableAmount: Type.Integer({ description: "the borrowable table's amount for the score" }),
  extraCredit: Type.Integer({ description: 'credit granted on request, paise' }),
  borrowable: Type.Integer({ description: 'tableAmount + extraCredit, or 0 while tableAmount is 0' }),
  dailyRate: Type.Integer({ description: 'per lakh a day' }),
  annualRateBps: Type.Integer(),
  termDays: Type.Integer(),
  min: Type.Integer(),
  withdrawMinScore: Type.Integer(),
  channelOpen: Type.Boolean(),
  unpaid: Nullable(Loan),
  creditRequest: Nullable(CreditRequest),
  computedAt: Type.Integer(),
})
export type LoanInfo = Static<typeof LoanInfo>

export const VipLevel = Type.Object({ level: Type.Integer(), minMeasure: Type.Integer(), feeDiscountPct: Type.Integer() })
export type VipLevel = Static<typeof VipLevel>

/** A level change the job made: a visible event. */
export const VipChange = Type.Object({ fromLevel: Type.Integer(), toLevel: Type.Integer(), measure: Type.Integer(), at: Type.Integer() })
export type VipChange = Static<typeof VipChange>

/** /vip/info: the level the job last set, the measure now and the way up or down. */
export const VipInfo = Type.Object({
  level: Type.Integer({ description: 'as the job last recomputed it' }),
  feeDiscountPct: Type.Integer(),
  measure: Type.Integer({ description: 'traded value in the window up to now, paise' }),
  windowDays: Type.Integer(),
  next: Nullable(Type.Object({ level: Type.Integer(), minMeasure: Type.Integer(), remaining: Type.Integer() })),
  /** When the level would drop if no more trades were made, and to what; null when it would not. */
  downgrade: Nullable(Type.Object({ at: Type.Integer(), toLevel: Type.Integer() })),
  levels: Type.Array(VipLevel),
  changes: Type.Array(VipChange, { description: 'newest first' }),
  computedAt: Nullable(Type.Integer({ description: "the job's last recompute of this account" })),
})
export type VipInfo = Static<typeof VipInfo>

// --- Inbox (issue 13) ---------------------------------------------------------------------------

/**
 * What happened to the account, one kind per event. Each row's params are the facts the phone
 * words in the reader's language (the server sends no sentence):
 * - review_decided: {queue (a review queue's kind: real_name, withdrawal, recharge, dividend, loan,
 *   credit, deletion, ...), requestId, approved, reason (null when approved without one)}
 * - order_filled: {orderId, symbol, direction, lots, price} (a resting limit order the feed filled)
 * - position_closed: {orderId, symbol, cause (stop_out, square_off), price, profit}
 * - allotment: {issueId, symbol, appliedLots, wonLots (0: not won), amountDue (paise, the price of
 *   the lots won not yet paid: pay-after-win pays it by the deadline, blocked money is debited for
 *   it)}; at the draw, and again when lots given up by others are reallocated to the application
 * - support_reply: {threadId}
 * - vip_changed: {fromLevel, toLevel}
 * - sign_in_failed: {count (wrong passwords in a row so far)}
 * Links: review_decided per queue (real_name /information/authInfo, withdrawal and recharge
 * /information/fundRecord, dividend /information/dividends, loan and credit /information/loan,
 * other queues null); order_filled and position_closed /trade/positionDetail?id=<orderId>;
 * allotment /home/newStockRecord; support_reply /home/kefuCenter?thread=<threadId>; vip_changed
 * /market/vip; sign_in_failed /information/safety.
 */
export const InboxKind = Type.Union([
  Type.Literal('review_decided'),
  Type.Literal('order_filled'),
  Type.Literal('position_closed'),
  Type.Literal('allotment'),
  Type.Literal('support_reply'),
  Type.Literal('vip_changed'),
  Type.Literal('sign_in_failed'),
])
export type InboxKind = Static<typeof InboxKind>

export const InboxParams = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]))
export type InboxParams = Static<typeof InboxParams>

export const InboxMessage = Type.Object({
  id: Type.Integer(),
  kind: InboxKind,
  params: InboxParams,
  link: Nullable(Type.String({ description: "the app route that shows it, with its search, e.g. '/trade/positionDetail?id=12'" })),
  createdAt: Type.Integer(),
  readAt: Nullable(Type.Integer()),
})
export type InboxMessage = Static<typeof InboxMessage>

/** /inbox/list: the caller's messages, newest first, a page of them, and how many are unread in all. */
export const InboxPage = Type.Object({
  data: Type.Array(InboxMessage),
  total: Type.Integer({ description: 'all of the caller\'s messages' }),
  unread: Type.Integer({ description: 'the caller\'s messages not yet read (readAt null), across every page' }),
})
export type InboxPage = Static<typeof InboxPage>

/** /inbox/read: how many of the caller's messages are still unread after marking. */
export const InboxUnread = Type.Object({ unread: Type.Integer() })
export type InboxUnread = Static<typeof InboxUnread>

// --- Knowledge quiz (issue 13) -----------------------------------------------------------------

/** A courseware item (src/lib/quiz.ts QUIZ_ITEMS); its text is in the app's quiz catalog. */
export const QuizItemId = Type.Union([
  Type.Literal('leverage'),
  Type.Literal('margin'),
  Type.Literal('stop_out'),
  Type.Literal('short_selling'),
  Type.Literal('lock_period'),
  Type.Literal('fees'),
])
// The list above is src/lib/quiz.ts QUIZ_ITEMS, no more and no less.
const quizItemsAgree: [Static<typeof QuizItemId>, QuizItemIdOfLib] extends [QuizItemIdOfLib, Static<typeof QuizItemId>] ? true : never = true
void quizItemsAgree

/** One item as the server saw it: opened (the study clock started) and studied (it counted). */
export const QuizItem = Type.Object({
  id: QuizItemId,
  openedAt: Nullable(Type.Integer({ description: 'when /quiz/open last started its study clock' })),
  studiedAt: Nullable(Type.Integer({ description: 'when it counted as studied; then it stays studied' })),
})
export type QuizItem = Static<typeof QuizItem>

/** One attempt, kept for good: started, and once submitted its score and outcome. */
export const QuizAttempt = Type.Object({
  id: Type.Integer(),
  startedAt: Type.Integer(),
  submittedAt: Nullable(Type.Integer()),
  score: Nullable(Type.Integer({ description: '0-100' })),
  passed: Nullable(Type.Boolean()),
})
export type QuizAttempt = Static<typeof QuizAttempt>

/** The published rules (src/lib/quiz.ts QuizRules; also config quiz_*). */
export const QuizRulesReply = Type.Object({
  minStudySeconds: Type.Integer(),
  passScore: Type.Integer({ description: 'a score above this passes' }),
  questionCount: Type.Integer(),
  failLimit: Type.Integer({ description: 'failed attempts in a row before the cool-off' }),
  cooloffHours: Type.Integer(),
})
export type QuizRulesReply = Static<typeof QuizRulesReply>

/** /quiz/info */
export const QuizInfo = Type.Object({
  items: Type.Array(QuizItem, { description: 'every item, in QUIZ_ITEMS order' }),
  attempts: Type.Array(QuizAttempt, { description: 'newest first' }),
  failuresInRow: Type.Integer({ description: 'failed attempts since the last pass, newest backwards' }),
  nextAttemptAt: Nullable(Type.Integer({ description: 'while cooling off: when a new attempt may start' })),
  /** An unsubmitted attempt, if one is open: /quiz/start returns it again. */
  openAttemptId: Nullable(Type.Integer()),
  passed: Type.Boolean({ description: 'some attempt passed' }),
  marginTrading: Type.Boolean({ description: "the account's margin-trading flag (leverage above 1 allowed)" }),
  rules: QuizRulesReply,
})
export type QuizInfo = Static<typeof QuizInfo>

/** A question as the attempt shows it: its options in the attempt's shuffled order. */
export const QuizQuestion = Type.Object({ id: Type.String(), options: Type.Array(Type.String()) })
export type QuizQuestion = Static<typeof QuizQuestion>

/** /quiz/start: the attempt's questions in the order shown (the same ones again while it is open). */
export const QuizStart = Type.Object({ attemptId: Type.Integer(), startedAt: Type.Integer(), questions: Type.Array(QuizQuestion) })
export type QuizStart = Static<typeof QuizStart>

/** One question's outcome: what was answered (null: left blank, counts as wrong) and the right option. */
export const QuizResult = Type.Object({
  questionId: Type.String(),
  optionId: Nullable(Type.String()),
  correct: Type.Boolean(),
  correctOptionId: Type.String(),
})
export type QuizResult = Static<typeof QuizResult>

/** /quiz/submit */
export const QuizSubmit = Type.Object({
  attemptId: Type.Integer(),
  score: Type.Integer({ description: 'round(correct x 100 / questions)' }),
  passed: Type.Boolean(),
  results: Type.Array(QuizResult, { description: 'in the order shown' }),
  nextAttemptAt: Nullable(Type.Integer({ description: 'when this failure started a cool-off: its end' })),
  marginTrading: Type.Boolean(),
  submittedAt: Type.Integer(),
})
export type QuizSubmit = Static<typeof QuizSubmit>

// --- Customer service (issue 13) ------------------------------------------------------------------

/**
 * What a thread is about: general and complaint are written signed in; login_banned and
 * password_reset by a guest (not signed in) who typed an account number.
 */
export const SupportTopic = Type.Union([Type.Literal('general'), Type.Literal('complaint'), Type.Literal('login_banned'), Type.Literal('password_reset')])
export type SupportTopic = Static<typeof SupportTopic>

/** open (waiting for an operator), answered (an operator replied last), closed (no more messages). */
export const SupportStatus = Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('closed')])
export type SupportStatus = Static<typeof SupportStatus>

/** One message of a thread: the user's (or guest's) or an operator's (the operator's name is not shown). */
export const SupportMessage = Type.Object({
  id: Type.Integer(),
  threadId: Type.Integer(),
  author: Type.Union([Type.Literal('user'), Type.Literal('operator')]),
  body: Type.String(),
  uploadIds: Type.Array(Type.Integer(), { description: "the writer's own support pictures (/user/uploadData)" }),
  createdAt: Type.Integer(),
})
export type SupportMessage = Static<typeof SupportMessage>

/** /support/create, /support/close, and rows of /support/threads. */
export const SupportThread = Type.Object({
  id: Type.Integer(),
  topic: SupportTopic,
  status: SupportStatus,
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
  unread: Type.Integer({ description: 'operator replies the user has not read' }),
  lastMessage: Nullable(Type.Object({ author: SupportMessage.properties.author, body: Type.String(), createdAt: Type.Integer() })),
  resetGrantedUntil: Nullable(Type.Integer({ description: 'password_reset: until when the operator’s grant lets the guest set a new password' })),
  resetUsedAt: Nullable(Type.Integer({ description: 'password_reset: when the new password was set' })),
})
export type SupportThread = Static<typeof SupportThread>

/** /support/threads: the user's threads, newest activity first, and the unread replies over all of them. */
export const SupportThreads = Type.Object({ data: Type.Array(SupportThread), unread: Type.Integer() })
export type SupportThreads = Static<typeof SupportThreads>

/** /support/thread, /support/guest/thread: a thread with its messages, oldest first. */
export const SupportThreadDetail = Type.Object({ thread: SupportThread, messages: Type.Array(SupportMessage) })
export type SupportThreadDetail = Static<typeof SupportThreadDetail>

/** /support/read: the unread replies left over all the user's threads. */
export const SupportUnread = Type.Object({ unread: Type.Integer() })
export type SupportUnread = Static<typeof SupportUnread>

/** /support/guest/create: the guest thread and its key (the phone keeps it; the server keeps only its hash). */
export const SupportGuestCreated = Type.Object({ threadId: Type.Integer(), guestKey: Type.String({ description: '32 random bytes, base64url' }) })
export type SupportGuestCreated = Static<typeof SupportGuestCreated>

// --- Privacy and account safety (issue 13) ------------------------------------------------------

/**
 * Request bodies that grew (the app sends plain objects; the server's TypeBox schemas check them):
 * - /user/login {account, password, totpCode?}: when two-step sign-in is on, without totpCode the
 *   refusal is totp_required (no token); a wrong one totp_invalid, counted like a wrong password.
 * - /user/withdraw {..., totpCode?}: the same rule, guess-limited like the fund password.
 * A totpCode is the authenticator's 6 digits or one unused recovery code (TOTP_CODE_MAX
 * characters at most; spaces and dashes are ignored, letters in either case).
 * - /user/totp/setup {password} -> TotpSetup (a new secret, not on yet; again replaces it)
 * - /user/totp/enable {code} -> TotpEnabled (the 10 recovery codes, shown this once)
 * - /user/totp/disable {password, code} -> {} (code: 6 digits or a recovery code)
 * - /user/export {} -> the DataExport file itself (application/json attachment
 *   tijori-data-<account>.json), not the envelope; refusals still come as the envelope.
 * - /user/deletion/info {} -> DeletionInfo; /user/deletion/request {password} -> DeletionInfo
 *   (idempotent); /user/deletion/cancel {} -> DeletionInfo
 */
export const TOTP_CODE_MAX = 32

/** /user/totp/setup: the secret for the authenticator app, as text and as the QR code's URL. */
export const TotpSetup = Type.Object({
  secret: Type.String({ description: 'base32 (RFC 4648, no padding), 32 characters' }),
  otpauthUrl: Type.String({ description: 'otpauth://totp/Tijori:<account>?secret=...&issuer=Tijori&algorithm=SHA1&digits=6&period=30' }),
})
export type TotpSetup = Static<typeof TotpSetup>

/** /user/totp/enable: two-step sign-in is on; each recovery code works once in place of a code. */
export const TotpEnabled = Type.Object({
  recoveryCodes: Type.Array(Type.String({ description: 'xxxxx-xxxxx, lower-case base32' }), { minItems: 10, maxItems: 10 }),
})
export type TotpEnabled = Static<typeof TotpEnabled>

export const DeletionStatus = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('cancelled')])
export type DeletionStatus = Static<typeof DeletionStatus>

/** A request to close the account and erase what the law lets go; reviewed in the back office (queue deletion). */
export const DeletionRequest = Type.Object({
  id: Type.Integer(),
  status: DeletionStatus,
  reason: Nullable(Type.String({ description: "the operator's reason (a rejection's)" })),
  createdAt: Type.Integer(),
  decidedAt: Nullable(Type.Integer({ description: 'decided or cancelled' })),
})
export type DeletionRequest = Static<typeof DeletionRequest>

/**
 * What stops a deletion request now (deletion_blocked {reason} names the first):
 * open_positions (a holding position), pending_orders (a resting order), balance (money in any
 * wallet, available or frozen), unpaid_loan, fund_operation_pending (a withdrawal, deposit or
 * other money request waiting for review).
 */
export const DeletionBlocker = Type.Union([
  Type.Literal('open_positions'),
  Type.Literal('pending_orders'),
  Type.Literal('balance'),
  Type.Literal('unpaid_loan'),
  Type.Literal('fund_operation_pending'),
])
export type DeletionBlocker = Static<typeof DeletionBlocker>

/** Records the law requires kept after closure: financial (ledger, deposits, withdrawals) and investment (orders, applications). */
export const RetainedRecord = Type.Object({
  record: Type.Union([Type.Literal('financial'), Type.Literal('investment')]),
  years: Type.Integer({ description: 'privacy_financial_years / privacy_investment_years' }),
  until: Type.Integer({ description: 'epoch ms: closure (or, while open, now) plus the years' }),
})
export type RetainedRecord = Static<typeof RetainedRecord>

/** /user/deletion/info, request and cancel. */
export const DeletionInfo = Type.Object({
  /** The latest request, or null when none was made. */
  request: Nullable(DeletionRequest),
  blockers: Type.Array(DeletionBlocker),
  keep: Type.Array(RetainedRecord),
})
export type DeletionInfo = Static<typeof DeletionInfo>

/**
 * /user/export: everything about the caller, as a file. Each section is a list of rows as the
 * server stores them (camelCase keys, times epoch ms, money paise); none holds another user's rows.
 */
export const DataExport = Type.Object({
  format: Type.Literal('tijori-data-export'),
  version: Type.Literal(1),
  exportedAt: Type.Integer(),
  account: Type.String(),
  sections: Type.Record(Type.String(), Type.Array(Type.Record(Type.String(), Type.Unknown()))),
})
export type DataExport = Static<typeof DataExport>

// --- Identity ----------------------------------------------------------------------------------

export const RealNameStatus = Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('verified'), Type.Literal('failed')])
export type RealNameStatus = Static<typeof RealNameStatus>

/** /user/realName reply, and the latest one in /user/realNameInfo. */
export const RealNameSubmission = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  idNumber: Type.String(),
  pan: Type.String(),
  frontUploadId: Type.Integer(),
  backUploadId: Type.Integer(),
  status: Type.Union(ReviewStatus.anyOf, { description: 'pending, approved or rejected' }),
  reason: Nullable(Type.String()),
  createdAt: Type.Integer(),
  decidedAt: Nullable(Type.Integer()),
})
export type RealNameSubmission = Static<typeof RealNameSubmission>

/** /user/realNameInfo */
export const RealNameInfo = Type.Object({
  status: RealNameStatus,
  name: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  submission: Nullable(RealNameSubmission),
})
export type RealNameInfo = Static<typeof RealNameInfo>

export const UploadKind = Type.Union([
  Type.Literal('id_front'),
  Type.Literal('id_back'),
  Type.Literal('receipt'),
  Type.Literal('payment_qr'),
  Type.Literal('support'),
])
export type UploadKind = Static<typeof UploadKind>

/** /user/upload: the stored picture, without its bytes. */
export const Upload = Type.Object({ id: Type.Integer(), kind: UploadKind, contentType: Type.String(), size: Type.Integer(), createdAt: Type.Integer() })
export type Upload = Static<typeof Upload>

/** /user/uploadData: one of the user's own pictures, base64. */
export const UploadData = Type.Object({ ...Upload.properties, data: Type.String({ description: 'base64' }) })
export type UploadData = Static<typeof UploadData>

/** /user/bankList, /user/bankAdd */
export const BankCard = Type.Object({
  id: Type.Integer(),
  holder: Type.String(),
  accountNumber: Type.String(),
  ifsc: Type.String(),
  bank: Type.String(),
  branch: Type.String(),
  createdAt: Type.Integer(),
})
export type BankCard = Static<typeof BankCard>

// --- News --------------------------------------------------------------------------------------

/** /news/list */
export const NewsItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  image: Nullable(Type.String()),
  publishedAt: Type.Integer({ description: 'epoch milliseconds' }),
})
export type NewsItem = Static<typeof NewsItem>

/** /news/detail */
export const NewsArticle = Type.Object({ ...NewsItem.properties, body: Type.String() })
export type NewsArticle = Static<typeof NewsArticle>

// --- Trading -----------------------------------------------------------------------------------

export const InstrumentKind = Type.Union([Type.Literal('stock'), Type.Literal('index'), Type.Literal('forex'), Type.Literal('crypto')])
export type InstrumentKind = Static<typeof InstrumentKind>

export const OrderStatus = Type.Union(
  [
    Type.Literal('pending'),
    Type.Literal('cancelled'),
    Type.Literal('locked'),
    Type.Literal('holding'),
    Type.Literal('preparing_to_close'),
    Type.Literal('closed'),
  ],
  { description: 'display status: locked until unlockAt, then holding' },
)
export type OrderStatus = Static<typeof OrderStatus>

/** One order and the position it opened (/order/list, /order/create|cancel|close). */
export const Order = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  kind: InstrumentKind,
  type: Type.Union([Type.Literal('market'), Type.Literal('limit')]),
  direction: Type.Union([Type.Literal('long'), Type.Literal('short')]),
  lots: Type.Integer(),
  quantity: Type.Integer({ description: 'quantity units: lots x lotUnits' }),
  unitDivisor: Type.Integer({ description: 'paise = quantity x price / unitDivisor' }),
  quantityScale: Type.Integer({ description: 'quantity units per whole share, coin or currency unit' }),
  leverage: Type.Integer(),
  dayTrading: Type.Boolean(),
  limitPrice: Nullable(Type.Integer()),
  entryPrice: Nullable(Type.Integer()),
  exitPrice: Nullable(Type.Integer()),
  contractAmount: Type.Integer({ description: 'paise, at the entry (or limit) price' }),
  margin: Type.Integer(),
  fee: Type.Integer(),
  stampDuty: Type.Integer(),
  closeFee: Nullable(Type.Integer()),
  closeStampDuty: Nullable(Type.Integer()),
  pnl: Nullable(Type.Integer({ description: 'realised gross P&L, paise' })),
  cashReturned: Nullable(Type.Integer()),
  status: OrderStatus,
  unlockAt: Nullable(Type.Integer()),
  stopOutPrice: Nullable(Type.Integer({ description: 'a long is stopped out at or below it, a short at or above' })),
  squareOffAt: Nullable(Type.Integer()),
  createdAt: Type.Integer(),
  openedAt: Nullable(Type.Integer()),
  closedAt: Nullable(Type.Integer()),
  closeReason: Nullable(Type.Union([Type.Literal('user'), Type.Literal('stop_out'), Type.Literal('square_off')])),
})
export type Order = Static<typeof Order>

/** A quote as /stock/list, /stock/detail and the stream send it: prices in units of priceScale per rupee. */
const Int = (description?: string) => Type.Integer(description ? { description } : {})
export const Quote = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  kind: InstrumentKind,
  priceScale: Int('price units per rupee'),
  tickSize: Int('smallest price step, price units'),
  time: Int('epoch ms the quote describes'),
  price: Int(),
  prevClose: Int(),
  open: Int(),
  high: Int(),
  low: Int(),
  change: Int(),
  changeRateBp: Int('basis points'),
  volume: Int(),
  amount: Int('turnover, paise'),
  high52w: Int(),
  low52w: Int(),
  sector: Type.Optional(Type.String()),
  industry: Type.Optional(Type.String()),
  sharesOutstanding: Type.Optional(Int()),
  marketValue: Type.Optional(Int('paise')),
  foreignRatioBp: Type.Optional(Int('simulated, basis points')),
  lotUnits: Type.Optional(Int('quantity units per lot')),
  unitDivisor: Type.Optional(Int('paise = quantity x price / unitDivisor')),
  quantityScale: Type.Optional(Int('quantity units per share, coin or currency unit')),
})
export type Quote = Static<typeof Quote>

/** The fields a quote may lack (company figures of stocks, lot units of what trades). */
const QUOTE_OPTIONAL = ['sector', 'industry', 'sharesOutstanding', 'marketValue', 'foreignRatioBp', 'lotUnits', 'unitDivisor', 'quantityScale'] as const

/**
 * One symbol's change on the quote stream: its symbol and only the fields that differ from the
 * quote this stream last sent for it; an optional field that went away is null. Applied to that
 * quote it gives the new full quote exactly (quoteDelta / applyQuoteDelta, src/contract/quote-delta.ts).
 */
export const QuoteDelta = Type.Object({
  ...Type.Partial(Type.Omit(Quote, ['symbol', ...QUOTE_OPTIONAL])).properties,
  symbol: Type.String(),
  sector: Type.Optional(Nullable(Type.String())),
  industry: Type.Optional(Nullable(Type.String())),
  sharesOutstanding: Type.Optional(Nullable(Int())),
  marketValue: Type.Optional(Nullable(Int('paise'))),
  foreignRatioBp: Type.Optional(Nullable(Int('simulated, basis points'))),
  lotUnits: Type.Optional(Nullable(Int('quantity units per lot'))),
  unitDivisor: Type.Optional(Nullable(Int('paise = quantity x price / unitDivisor'))),
  quantityScale: Type.Optional(Nullable(Int('quantity units per share, coin or currency unit'))),
})
export type QuoteDelta = Static<typeof QuoteDelta>

/**
 * GET /stock/stream, `event: snapshot` (the first event of every connection, a reconnect with
 * Last-Event-ID included): the full quote of every asked symbol the exchange knows.
 */
export const QuoteSnapshotEvent = Type.Object({ at: Int('epoch ms'), quotes: Type.Array(Quote) })
export type QuoteSnapshotEvent = Static<typeof QuoteSnapshotEvent>

/**
 * GET /stock/stream, `event: ticks` (every later event): for each symbol that moved since this
 * connection last sent it, a QuoteDelta against that last sent quote, without `time` when it is
 * `at` (the client puts it back); a symbol whose fields are unchanged but for `time` is not sent. A client keeps the last full quote per symbol of the
 * current connection and applies each delta to it; it never applies one across connections.
 */
export const QuoteTicksEvent = Type.Object({ at: Int('epoch ms'), changes: Type.Array(QuoteDelta) })
export type QuoteTicksEvent = Static<typeof QuoteTicksEvent>

/** /stock/list: one page of a list. */
export const StockPage = Type.Object({ data: Type.Array(Quote), total: Type.Integer(), at: Int('epoch ms') })
export type StockPage = Static<typeof StockPage>

/** /user/Optionallist: a watched instrument's quote and when it was added. */
export const WatchlistQuote = Type.Object({ ...Quote.properties, addedAt: Int('epoch ms') })
export type WatchlistQuote = Static<typeof WatchlistQuote>

/** /stock/detail: a market's hours as the instrument trades them. */
export const MarketHours = Type.Object({
  open: Type.Boolean(),
  opensAt: Nullable(Int('epoch ms')),
  hours: Type.String(),
  alwaysOpen: Type.Boolean(),
})
export type MarketHours = Static<typeof MarketHours>

/** What /stock/detail tells beyond the quote (the app stores it apart from the quote). */
export const StockDetail = Type.Object({
  market: MarketHours,
  band: Nullable(Type.Object({ min: Int(), max: Int() })),
  constituents: Nullable(Type.Array(Type.String())),
  simulated: Type.Literal(true),
})
export type StockDetail = Static<typeof StockDetail>

/** /stock/detail */
export const StockDetailReply = Type.Object({ quote: Quote, ...StockDetail.properties })
export type StockDetailReply = Static<typeof StockDetailReply>

// Spelled out: a union mapped from a list loses its literal types.
export const CandlePeriod = Type.Union([
  Type.Literal('1min'),
  Type.Literal('5min'),
  Type.Literal('15min'),
  Type.Literal('30min'),
  Type.Literal('day'),
  Type.Literal('week'),
  Type.Literal('month'),
])
export type CandlePeriod = Static<typeof CandlePeriod>
export const CandleRange = Type.Union([Type.Literal('1w'), Type.Literal('1mo'), Type.Literal('3mo'), Type.Literal('6mo'), Type.Literal('1y')])
export type CandleRange = Static<typeof CandleRange>
export const CandleAdjust = Type.Union([Type.Literal('none'), Type.Literal('forward'), Type.Literal('backward')])
export type CandleAdjust = Static<typeof CandleAdjust>

const Series = Type.Array(Type.Integer())

/** /stock/kline: candles as parallel arrays (times are epoch ms of each period start), as uPlot draws them. */
export const Candles = Type.Object({
  symbol: Type.String(),
  period: CandlePeriod,
  range: CandleRange,
  adjust: CandleAdjust,
  priceScale: Type.Integer(),
  t: Series,
  open: Series,
  high: Series,
  low: Series,
  close: Series,
  volume: Series,
})
export type Candles = Static<typeof Candles>

// --- Accounts ----------------------------------------------------------------------------------

const PaiseAmount = (description: string) => Type.Integer({ description: `${description}, integer paise` })

/** /user/register */
export const Registered = Type.Object({ account: Type.String() })
export type Registered = Static<typeof Registered>

/** /user/login: the session token. */
export const LoginReply = Type.Object({ token: Type.String(), account: Type.String(), expiresAt: Type.Integer({ description: 'epoch ms' }) })
export type LoginReply = Static<typeof LoginReply>

/** /user/signIn: the daily sign-in as counted. */
export const SignInReply = Type.Object({ count: Type.Integer(), reward: PaiseAmount('credited'), day: Type.String({ description: 'YYYY-MM-DD, India' }) })
export type SignInReply = Static<typeof SignInReply>

/** /user/info: the account, its rupee balances, its flags and where its identity stands. */
export const UserInfo = Type.Object({
  account: Type.String(),
  inviteCode: Type.String(),
  createdAt: Type.Integer(),
  currency: Type.Literal('INR'),
  balances: Type.Object({ available: PaiseAmount('spendable'), frozen: PaiseAmount('held'), total: PaiseAmount('available + frozen') }),
  flags: Type.Object({
    frozen: Type.Boolean(),
    loginBanned: Type.Boolean(),
    disabled: Type.Boolean(),
    noTrade: Type.Boolean(),
    noWithdraw: Type.Boolean(),
    marginTrading: Type.Boolean({ description: 'leverage above 1 allowed' }),
  }),
  fundPasswordSet: Type.Boolean({ description: 'a fund password exists (withdrawals need it)' }),
  restrictions: Type.Array(
    Type.Object({
      flag: Type.Union([Type.Literal('frozen'), Type.Literal('login_banned'), Type.Literal('disabled'), Type.Literal('no_trade'), Type.Literal('no_withdraw')]),
      reason: Type.String(),
    }),
    { description: 'each flag the back office set on the account, with the reason the user is shown' },
  ),
  realName: Type.Object({ status: RealNameStatus, name: Nullable(Type.String()), reason: Nullable(Type.String()) }),
  signIn: Type.Object({ count: Type.Integer(), lastDay: Nullable(Type.String()), today: Type.Boolean() }),
  failedSignIns: Type.Object(
    { count: Type.Integer({ minimum: 0 }), lastAt: Nullable(Type.Integer({ description: 'epoch ms' })) },
    { description: 'wrong sign-in passwords for this account since the sign-in before the latest one, and when the last was' },
  ),
  totpEnabled: Type.Boolean({ description: 'two-step sign-in is on: /user/login and /user/withdraw need totpCode' }),
})
export type UserInfo = Static<typeof UserInfo>
