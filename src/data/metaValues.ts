/**
 * How each db.meta value (metaKeys in db.ts) is read back: rebuilt to today's shape from whatever
 * an older app or a bad write left, or undefined when beyond repair. Apart from db.ts so that only
 * the screens that read a value load its restorer: the first route loads db.ts, not these.
 */
import { type Restore, anyOf, bool, exactly, listOf, nullable, num, object, oneOf, recordOf, str } from '../lib/restore'
import { USDT_NETWORKS } from '../lib/validators'
import type {
  BlockApplication,
  BlockOffering,
  DividendEntitlement,
  FollowDetail,
  FollowInvestment,
  FollowMetrics,
  FollowProduct,
  FollowStrategy,
  IpoApplication,
  IpoIssue,
  VipInfo,
  Loan,
  LoanInfo,
  LoanRecord,
  QuizInfo,
  InboxPage,
  SupportMessage,
  SupportThread,
  DeletionInfo,
} from '../contract/replies'
import { QUIZ_ITEMS } from '../lib/quiz'
import type { BankCard, StoredRealName } from './identity'
import type { Recharge, RechargeChannel } from './recharges'
import type { Withdrawal } from './withdrawals'
import type { StoredPicture, UsdtAddress } from './usdt'
import type { ExchangeRates, Wallet } from './exchange'
import type { StockDetail } from './market'
import type { StreamStatus } from './stream'
import type { StoredSupportThread, StoredSupportThreads, SupportGuest } from './support'

const reviewStatus = oneOf('pending', 'approved', 'rejected')

const loanShape = {
  id: num,
  amount: num,
  dailyRatePerLakh: num,
  termDays: num,
  status: oneOf('pending', 'rejected', 'borrowing', 'completed', 'cancelled'),
  reason: nullable(str),
  principalOutstanding: num,
  interestOutstanding: num,
  interestTotal: num,
  repaidTotal: num,
  owed: num,
  disbursedAt: nullable(num),
  dueAt: nullable(num),
  coolingOffUntil: nullable(num),
  overdue: bool,
  completedAt: nullable(num),
  createdAt: num,
  updatedAt: num,
}

const loan = object(loanShape) satisfies Restore<Loan>

const strategyCode = oneOf('index_tracker', 'momentum', 'mean_reversion')

const followMetrics = object({
  from: str,
  to: str,
  days: num,
  returnBps: num,
  dailyProfitBps: num,
  highestReturnBps: num,
  maxDrawdownBps: num,
  volatilityBps: num,
  winRateBps: nullable(num),
  closedTrades: num,
  winningTrades: num,
}) satisfies Restore<FollowMetrics>

const followStrategy = object({
  id: num,
  code: strategyCode,
  name: str,
  params: recordOf(num),
  universe: listOf(str),
  startDay: str,
  capital: num,
  nav: num,
  navAt: num,
  metrics: nullable(followMetrics),
}) satisfies Restore<FollowStrategy>

const followProductShape = {
  id: num,
  number: str,
  name: str,
  strategyId: num,
  strategyCode: strategyCode,
  minAmount: num,
  fundSize: num,
  invested: num,
  investors: num,
  deadline: num,
  lockUnit: oneOf('day', 'minute'),
  lockCount: num,
  status: oneOf('open', 'full', 'closed'),
  nav: num,
  navAt: num,
  metrics: nullable(followMetrics),
}

const supportThread = object({
  id: num,
  topic: oneOf('general', 'complaint', 'login_banned', 'password_reset'),
  status: oneOf('open', 'answered', 'closed'),
  createdAt: num,
  updatedAt: num,
  unread: num,
  lastMessage: nullable(object({ author: oneOf('user', 'operator'), body: str, createdAt: num })),
  resetGrantedUntil: nullable(num),
  resetUsedAt: nullable(num),
}) satisfies Restore<SupportThread>

const supportMessage = object({
  id: num,
  threadId: num,
  author: oneOf('user', 'operator'),
  body: str,
  uploadIds: listOf(num),
  createdAt: num,
}) satisfies Restore<SupportMessage>

/**
 * How each per-account meta value is read back (readMeta): rebuilt from the stored row, or
 * undefined when it cannot be, which reads as "never fetched here" until the next refresh.
 */
export const restoreAccountMeta = {
  realName: object({
    status: oneOf('none', 'pending', 'verified', 'failed'),
    name: nullable(str),
    reason: nullable(str),
    submission: nullable(
      object({ id: num, name: str, idNumber: str, pan: str, status: reviewStatus, reason: nullable(str), createdAt: num, decidedAt: nullable(num) }),
    ),
  }) satisfies Restore<StoredRealName>,
  bankCards: listOf(object({ id: num, holder: str, accountNumber: str, ifsc: str, bank: str, branch: str, createdAt: num })) satisfies Restore<BankCard[]>,
  withdrawals: listOf(
    object({ id: num, cardId: num, amount: num, status: reviewStatus, reason: nullable(str), createdAt: num, decidedAt: nullable(num) }),
  ) satisfies Restore<Withdrawal[]>,
  recharges: listOf(
    object({ id: num, channel: str, amount: num, receiptUploadId: num, status: reviewStatus, reason: nullable(str), createdAt: num, decidedAt: nullable(num) }),
  ) satisfies Restore<Recharge[]>,
  rechargeChannels: listOf<RechargeChannel>(
    anyOf<RechargeChannel>(
      object({ id: str, kind: oneOf('bank'), beneficiary: str, accountNumber: str, ifsc: str, bank: str }),
      object({ id: str, kind: oneOf('upi'), payee: str, vpa: str }),
      object({ id: str, kind: oneOf('usdt'), network: oneOf('TRC20'), address: str }),
    ),
  ),
  usdtAddresses: listOf(
    object({ network: oneOf(...USDT_NETWORKS), address: str, qrUploadId: nullable(num), createdAt: num, updatedAt: num }),
  ) satisfies Restore<UsdtAddress[]>,
  upload: object({ contentType: str, data: str }) satisfies Restore<StoredPicture>,
  wallets: listOf(object({ currency: str, decimals: num, available: num, frozen: num, total: num })) satisfies Restore<Wallet[]>,
  dividends: listOf(
    object({
      id: num,
      symbol: str,
      exDay: str,
      recordAt: num,
      payAt: num,
      perShare: num,
      shares: num,
      amount: num,
      orderId: num,
      applicationRequired: bool,
      status: oneOf('scheduled', 'unclaimed', 'applied', 'approved', 'rejected', 'paid'),
      reason: nullable(str),
      paidAt: nullable(num),
      createdAt: num,
    }),
  ) satisfies Restore<DividendEntitlement[]>,
  ipoApplications: listOf(
    object({
      id: num,
      issueId: num,
      symbol: str,
      name: str,
      ref: str,
      pan: str,
      lots: num,
      lotSize: num,
      price: num,
      amount: num,
      paymentMode: oneOf('blocked', 'pay_after_win'),
      status: oneOf('applied', 'won', 'not_won', 'pending_payment', 'paid', 'waived', 'payment_failed', 'refunded', 'listed', 'cancelled'),
      rank: nullable(num),
      allottedLots: num,
      paidLots: num,
      owed: num,
      payDeadline: nullable(num),
      orderId: nullable(num),
      createdAt: num,
      updatedAt: num,
    }),
  ) satisfies Restore<IpoApplication[]>,
  blockApplications: listOf(
    object({
      id: num,
      offeringId: num,
      symbol: str,
      name: str,
      ref: str,
      shares: num,
      price: num,
      amount: num,
      fee: num,
      frozen: num,
      status: oneOf('applied', 'allocated', 'not_allocated', 'cancelled'),
      allocatedShares: num,
      paid: num,
      orderId: nullable(num),
      unlockAt: nullable(num),
      createdAt: num,
      updatedAt: num,
    }),
  ) satisfies Restore<BlockApplication[]>,
  followInvestments: listOf(
    object({
      id: num,
      productId: num,
      number: str,
      name: str,
      amount: num,
      units: num,
      navAtInvest: num,
      nav: num,
      value: num,
      pnl: num,
      stopLossPercent: nullable(num),
      stopLossValue: nullable(num),
      unlockAt: num,
      status: oneOf('in_progress', 'ended'),
      endReason: nullable(oneOf('redeemed', 'stop_loss')),
      endedAt: nullable(num),
      createdAt: num,
      updatedAt: num,
    }),
  ) satisfies Restore<FollowInvestment[]>,
  vipInfo: object({
    level: num,
    feeDiscountPct: num,
    measure: num,
    windowDays: num,
    next: nullable(object({ level: num, minMeasure: num, remaining: num })),
    downgrade: nullable(object({ at: num, toLevel: num })),
    levels: listOf(object({ level: num, minMeasure: num, feeDiscountPct: num })),
    changes: listOf(object({ fromLevel: num, toLevel: num, measure: num, at: num })),
    computedAt: nullable(num),
  }) satisfies Restore<VipInfo>,
  loanInfo: object({
    score: num,
    base: num,
    inputs: listOf(object({ name: oneOf('identity_verified', 'account_age_days', 'trades', 'loans_repaid_on_time', 'late_repayments'), value: num, points: num })),
    tableAmount: num,
    extraCredit: num,
    borrowable: num,
    dailyRate: num,
    annualRateBps: num,
    termDays: num,
    min: num,
    withdrawMinScore: num,
    channelOpen: bool,
    unpaid: nullable(loan),
    creditRequest: nullable(object({ id: num, amount: num, status: reviewStatus, reason: nullable(str), createdAt: num, decidedAt: nullable(num) })),
    computedAt: num,
  }) satisfies Restore<LoanInfo>,
  inbox: object({
    data: listOf(
      object({
        id: num,
        kind: oneOf('review_decided', 'order_filled', 'position_closed', 'allotment', 'support_reply', 'vip_changed', 'sign_in_failed'),
        params: recordOf(nullable(anyOf<string | number | boolean>(str, num, bool))),
        link: nullable(str),
        createdAt: num,
        readAt: nullable(num),
      }),
    ),
    total: num,
    unread: num,
  }) satisfies Restore<InboxPage>,
  loanRecords: listOf(
    object({
      ...loanShape,
      events: listOf(
        object({
          kind: oneOf('disbursement', 'interest', 'repayment', 'cancellation'),
          day: nullable(num),
          amount: num,
          interestPart: num,
          principalPart: num,
          owedAfter: num,
          entryId: nullable(num),
          at: num,
        }),
      ),
    }),
  ) satisfies Restore<LoanRecord[]>,
  quizInfo: object({
    items: listOf(object({ id: oneOf(...QUIZ_ITEMS), openedAt: nullable(num), studiedAt: nullable(num) })),
    attempts: listOf(object({ id: num, startedAt: num, submittedAt: nullable(num), score: nullable(num), passed: nullable(bool) })),
    failuresInRow: num,
    nextAttemptAt: nullable(num),
    openAttemptId: nullable(num),
    passed: bool,
    marginTrading: bool,
    rules: object({ minStudySeconds: num, passScore: num, questionCount: num, failLimit: num, cooloffHours: num }),
  }) satisfies Restore<QuizInfo>,
  supportThreads: object({ threads: listOf(supportThread), unread: num }) satisfies Restore<StoredSupportThreads>,
  supportThread: object({ thread: supportThread, messages: listOf(supportMessage) }) satisfies Restore<StoredSupportThread>,
  deletionInfo: object({
    request: nullable(
      object({ id: num, status: oneOf('pending', 'approved', 'rejected', 'cancelled'), reason: nullable(str), createdAt: num, decidedAt: nullable(num) }),
    ),
    blockers: listOf(oneOf('open_positions', 'pending_orders', 'balance', 'unpaid_loan', 'fund_operation_pending')),
    keep: listOf(object({ record: oneOf('financial', 'investment'), years: num, until: num })),
  }) satisfies Restore<DeletionInfo>,
} as const

/** How the device's own meta values (public data, the same for whoever holds the phone) are read back. */
export const restoreDeviceMeta = {
  supportGuest: object({
    threadId: num,
    guestKey: str,
    account: str,
    topic: oneOf('login_banned', 'password_reset'),
    createdAt: num,
  }) satisfies Restore<SupportGuest>,
  newsTotal: num,
  stockOrder: listOf(str),
  stockDetail: object({
    market: object({ open: bool, opensAt: nullable(num), hours: str, alwaysOpen: bool }),
    band: nullable(object({ min: num, max: num })),
    constituents: nullable(listOf(str)),
    simulated: exactly(true),
  }) satisfies Restore<StockDetail>,
  streamStatus: object({ state: oneOf('connecting', 'live', 'offline'), since: num }) satisfies Restore<StreamStatus>,
  exchangeRates: object({
    at: num,
    base: exactly('INR'),
    rateScale: num,
    spreadPerLakh: num,
    rates: listOf(
      object({
        currency: str,
        decimals: num,
        mid: nullable(num),
        buy: nullable(num),
        sell: nullable(num),
        source: nullable(oneOf('base', 'market', 'reference')),
        time: nullable(num),
      }),
    ),
  }) satisfies Restore<ExchangeRates>,
  ipoIssues: listOf(
    object({
      id: num,
      kind: oneOf('ipo', 'placement'),
      minAmount: nullable(num),
      symbol: str,
      name: str,
      sector: str,
      industry: str,
      price: num,
      lotSize: num,
      minLots: num,
      maxLots: num,
      retailShares: num,
      allottableLots: num,
      paymentMode: oneOf('blocked', 'pay_after_win'),
      opensAt: num,
      closesAt: num,
      drawAt: num,
      refundAt: num,
      listingAt: num,
      stage: oneOf('upcoming', 'open', 'closed', 'drawn', 'listed', 'cancelled'),
      commitment: str,
      applications: num,
      appliedLots: num,
      cancelReason: nullable(str),
    }),
  ) satisfies Restore<IpoIssue[]>,
  blockOfferings: listOf(
    object({
      id: num,
      symbol: str,
      name: str,
      session: oneOf('morning', 'afternoon'),
      shares: num,
      lotSize: num,
      opensAt: num,
      closesAt: num,
      allocateAt: num,
      referenceKind: oneOf('previous_close', 'vwap'),
      referenceFrom: nullable(num),
      referenceTo: nullable(num),
      referencePrice: nullable(num),
      discountBps: num,
      bandBps: num,
      price: nullable(num),
      bandMin: nullable(num),
      bandMax: nullable(num),
      minShares: num,
      minAmount: num,
      lockUnit: oneOf('day', 'minute'),
      lockCount: num,
      stage: oneOf('upcoming', 'open', 'closed', 'allocated', 'cancelled'),
      commitment: str,
      applications: num,
      appliedShares: num,
      allocatedAt: nullable(num),
      cancelReason: nullable(str),
    }),
  ) satisfies Restore<BlockOffering[]>,
  followProducts: listOf(object(followProductShape)) satisfies Restore<FollowProduct[]>,
  followStrategies: listOf(followStrategy) satisfies Restore<FollowStrategy[]>,
  followDetail: object({
    ...followProductShape,
    strategy: followStrategy,
    capital: num,
    trades: listOf(
      object({ time: num, day: str, symbol: str, side: oneOf('buy', 'sell'), qty: num, price: num, fees: num }),
    ),
    nav: listOf(object({ day: str, nav: num })),
    navNow: num,
  }) satisfies Restore<FollowDetail>,
} as const
