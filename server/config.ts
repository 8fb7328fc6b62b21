/**
 * The server's published rules. Every limit the server enforces lives here, and /common/config
 * publishes all of them so the UI can show the rule that refuses (DESIGN.md section 2).
 */
import { type ConfigItem } from '../src/contract/config'
import { CURRENCIES } from './funds/exchange-rules'
import { ALL_DAY, DEFAULT_FUND_RULES, type FundRules, windowText } from './funds/rules'
import { type Paise } from './ledger/money'
import { type AttemptRule, type SignInLimits } from './accounts/guess-limit-rules'
import { DEMO_RECHARGE_CHANNELS, type RechargeChannel } from './funds/recharge-rules'
import { DEFAULT_TRADING_RULES, type LockRule, type TradingRules, checkTradingRules } from './trade/rules'
import { NSE_HOLIDAYS, NSE_SPECIAL_SESSIONS } from './market/calendar'
import { DRAW_ALGORITHM } from '../src/contract/draw'
import { type BorrowableRow, type CreditRules, type LoanTerms, DEFAULT_BORROWABLE_TABLE, DEFAULT_CREDIT_RULES, DEFAULT_LOAN_TERMS } from '../src/lib/loan'
import { type VipRules, DEFAULT_VIP_RULES } from '../src/lib/vip'
import { type QuizRules, DEFAULT_QUIZ_RULES } from '../src/lib/quiz'

const PROFILES = ['demo', 'production'] as const
export type Profile = (typeof PROFILES)[number]

export type ServerConfig = {
  profile: Profile
  siteTitle: string
  siteLogo: string
  /** No real exchange feed exists yet, so both profiles run the simulated market. */
  marketSimulated: boolean
  currency: 'INR'
  timezone: 'Asia/Kolkata'
  passwordMin: number
  passwordMax: number
  signinReward: Paise
  newsPageSize: number
  newsPageMax: number
  /** Wrong sign-in passwords for one account from one address in the window: then 429 (OWASP: never the account alone). */
  loginLimitAccountIp: number
  /** Wrong sign-in passwords from one address across accounts in the window: then 429. */
  loginLimitIp: number
  /** Wrong sign-in passwords for one account from any address after which each attempt waits first. */
  loginSlowAfter: number
  /** That wait: loginDelayBaseMs, doubling with each further failure, at most loginDelayMaxMs. */
  loginDelayBaseMs: number
  loginDelayMaxMs: number
  loginWindowSeconds: number
  /**
   * Wrong passwords checked inside a session (the old login password, the fund password, an
   * operator's password) per account in the login window: then 429, under keys of their own.
   */
  passwordCheckLimit: number
  /** Registrations from one address within registrationWindowSeconds: then 429. */
  registrationLimitIp: number
  registrationWindowSeconds: number
  tokenTtlSeconds: number
  /** Clients keep queued work for 7 days, so keys outlive that by a day. */
  idempotencyTtlSeconds: number
  /** A claim older than this belongs to a request that died; another may take the key over. */
  idempotencyLeaseSeconds: number
  demoInviteCode: string
  // ---- market (issue 3) ----
  /** The demo switch: every market trades around the clock. Production keeps NSE hours. */
  marketAlwaysOpen: boolean
  /** India days with no NSE session, and weekend days with one. */
  marketHolidays: readonly string[]
  marketSpecialSessions: readonly string[]
  /** How many India days of history the first start simulates and stores. */
  marketBackfillDays: number
  /** How often the stream sends a batch of ticks. */
  streamIntervalMs: number
  /** How often each process catches its market up, so a new India day is made as it starts; 0 turns it off (tests). */
  marketCatchUpIntervalMs: number
  /** How often expired keys, failures and sessions are purged; 0 turns it off (tests). */
  cleanupIntervalMs: number
  /** The most symbols one stream may ask for. */
  streamMaxSymbols: number
  stockPageSize: number
  stockPageMax: number
  // ---- trading (issue 3) ----
  trading: TradingRules
  /** A lot of a digital currency, in millionths of a coin (10,000 = 0.01 coin). */
  cryptoLotMicro: number
  /** A lot of a currency pair, in units of its base currency per quoted amount (1,000 x 100 yen for JPY). */
  forexLotUnits: number
  /** A queued market order older than this asks the user to confirm at the current price. */
  marketOrderReconfirmSeconds: number
  orderPageSize: number
  orderPageMax: number
  /** How often pending orders, locks, stop-outs and square-offs are checked; 0 turns it off (tests sweep by hand). */
  matchIntervalMs: number
  // ---- money in and out (issue 4) ----
  funds: FundRules
  /** Where users send deposits (POST /user/rechargeChannels); none: deposits are not open. */
  rechargeChannels: readonly RechargeChannel[]
  // ---- currency exchange (issue 4) ----
  exchange: {
    /** Taken once from what an exchange gives, in parts per lakh (500 = 0.5%). */
    spreadPerLakh: number
    /**
     * Fixed rupees per unit x 10^8 (server/funds/exchange-rules.ts RATE_SCALE) for a wallet currency the
     * market has no INR pair for; such a rate is shown as a "reference rate". Every wallet currency
     * has a pair in the simulated market today, so none is needed; a currency with neither is
     * refused as rate_unavailable.
     */
    referenceRates: Readonly<Partial<Record<string, number>>>
  }
  // ---- new shares (issue 10) ----
  ipo: {
    /** Applications one user may make per issue (the seed's "subscription limit N times per stock"). */
    limitPerStock: number
    /** The most one retail application may ask, in paise (SEBI's retail individual cap, ₹2,00,000). */
    retailMax: Paise
    /** A public randomness beacon's value mixed into every draw (src/contract/draw.ts step 3); '' for none. */
    beacon: string
    /** How often issues are moved along (freeze, draw, refund, listing); 0 turns it off (tests sweep by hand). */
    sweepIntervalMs: number
    /** The demo keeps fictional issues at every stage, its steps this far apart; null: only the back office creates issues. */
    demoStepMs: number | null
  }
  // ---- block trades (issue 11) ----
  block: {
    /** An application asks at least this many shares (the seed's 100). */
    minShares: number
    /** And comes to at least this much, paise (the seed's ₹20,00,000). */
    minAmount: Paise
    /** The price must stay within reference +/- this, basis points (NSE's block window: 3 %). */
    bandBps: number
    /** A public randomness beacon's value mixed into every remainder draw; '' for none. */
    beacon: string
    /** How often offerings are priced and allocated; 0 turns it off (tests sweep by hand). */
    sweepIntervalMs: number
    /** The demo keeps offerings of real listed stocks coming, windows this far apart; null: only the back office creates them. */
    demoStepMs: number | null
  }
  // ---- copy-trading (issue 11) ----
  follow: {
    /** How often strategies run their completed closes and stop-losses are checked; 0 turns it off (tests sweep by hand). */
    sweepIntervalMs: number
    /** The stop-loss percent an investment may set (follow_stop_loss_min/max). */
    stopLossMin: number
    stopLossMax: number
    /** The demo strategies and products are made on the first sweep of an empty database, their locks in this unit; null: none. */
    demoLockUnit: 'minute' | 'day' | null
  }
  // ---- credit loans and VIP (issue 12) ----
  loans: {
    /** Whether applications are taken at all (the seed's "channel closed"). */
    channelOpen: boolean
    /** The most principal all applications of one India day may ask together, paise (the seed's "quota full"). */
    dailyQuota: Paise
    /** Daily rate, term and minimum (src/lib/loan.ts). */
    terms: LoanTerms
    /** The most credit granted on request an account may hold in all, paise. */
    creditMax: Paise
    creditRules: CreditRules
    borrowableTable: readonly BorrowableRow[]
    /** A credit score below this refuses withdrawals (withdraw_score_low); 0 turns the rule off. */
    withdrawMinScore: number
    /** How often interest is accrued; 0 turns it off (tests sweep by hand). */
    sweepIntervalMs: number
  }
  vip: VipRules & {
    /** How often levels are recomputed; 0 turns it off (tests sweep by hand). */
    sweepIntervalMs: number
  }
  // ---- knowledge quiz (issue 13) ----
  /** Study time, pass score, questions per attempt, failures before the cool-off and its length (src/lib/quiz.ts). */
  quiz: QuizRules
  dividends: {
    /** The pay date is the record date plus this (India pays within 30 days of declaration; the demo, minutes). */
    payDelayMs: number
    /** Whether a holder applies for each dividend (the seed's dividend application list, reviewed) or is paid without asking. */
    applicationRequired: boolean
    /** How often dividends are found, entitled and paid; 0 turns it off (tests sweep by hand). */
    sweepIntervalMs: number
  }
  // ---- customer service (issue 13) ----
  support: {
    /** The reply time the app promises ("a reply within N hours"). */
    replyHours: number
    /** A complaint's resolution window, days (India: 21), after which the user may escalate. */
    complaintDays: number
    /** New guest threads (login banned, password reset) one address may open per hour. */
    guestPerHour: number
    /** How long an operator's password-reset grant lasts, ms. */
    resetGrantMs: number
  }
  // ---- privacy (issue 13) ----
  privacy: {
    /** Financial records (ledger, deposits, withdrawals, loans) are kept this many years after the account closes. */
    financialYears: number
    /** Investment data (orders, applications, investments) are kept this many years after the account closes. */
    investmentYears: number
    /** Below this age a parent's consent is needed (published for the privacy policy). */
    consentAge: number
  }
  // ---- reviews (issue 4) ----
  /**
   * The demo approves a review this many seconds after it is sent, so one person can try every
   * journey alone (said on screen); null: people decide in the back office (production).
   */
  autoReviewSeconds: number | null
  /** How often the automatic reviewer looks; 0 turns it off (tests sweep by hand). */
  autoReviewIntervalMs: number
}

/** The demo's day-trading cut-off, India time: its session is the whole day (see loadConfig). */
const DEMO_DAY_TRADING_CUTOFF = '23:45'

export function parseProfile(value: string | undefined): Profile {
  if (value === undefined || value === '') return 'demo'
  const found = PROFILES.find((p) => p === value)
  if (found === undefined) throw new Error(`TIJORI_PROFILE must be one of ${PROFILES.join(', ')}, not "${value}"`)
  return found
}

export function loadConfig(profile: Profile = 'demo', overrides: Partial<Omit<ServerConfig, 'profile'>> = {}): ServerConfig {
  return {
    profile,
    siteTitle: 'Tijori',
    siteLogo: '/icons/icon-192.png',
    marketSimulated: true,
    currency: 'INR',
    timezone: 'Asia/Kolkata',
    passwordMin: 6,
    passwordMax: 32,
    signinReward: 1000,
    newsPageSize: 10,
    newsPageMax: 50,
    loginLimitAccountIp: 5,
    loginLimitIp: 20,
    loginSlowAfter: 5,
    loginDelayBaseMs: 1000,
    loginDelayMaxMs: 8000,
    loginWindowSeconds: 900,
    passwordCheckLimit: 5,
    // A household or an office shares one address: ten new accounts an hour is more than it needs.
    registrationLimitIp: 10,
    registrationWindowSeconds: 3600,
    tokenTtlSeconds: 604_800,
    idempotencyTtlSeconds: 691_200,
    idempotencyLeaseSeconds: 30,
    demoInviteCode: 'TIJORI',
    marketAlwaysOpen: profile === 'demo',
    marketHolidays: NSE_HOLIDAYS,
    marketSpecialSessions: NSE_SPECIAL_SESSIONS,
    marketBackfillDays: 365,
    streamIntervalMs: 1000,
    marketCatchUpIntervalMs: 60_000,
    cleanupIntervalMs: 10 * 60 * 1000,
    streamMaxSymbols: 500,
    stockPageSize: 100,
    stockPageMax: 200,
    // The demo lets one person open and close a position in one sitting: a one-minute lock. Its
    // market trades the whole India day, so its day-trading cut-off follows that session: 15
    // minutes before the day ends, as NSE's 15:15 is 15 minutes before its 15:30 close.
    trading: profile === 'demo' ? { ...DEFAULT_TRADING_RULES, lock: { unit: 'minutes', count: 1 }, dayTradingCutoff: DEMO_DAY_TRADING_CUTOFF } : DEFAULT_TRADING_RULES,
    // The demo takes money requests at any hour, like its market; production keeps the windows.
    funds: profile === 'demo' ? { ...DEFAULT_FUND_RULES, rechargeWindow: ALL_DAY, withdrawWindow: ALL_DAY } : DEFAULT_FUND_RULES,
    // Production has no channel until its operator configures real accounts: never the demo's.
    rechargeChannels: profile === 'demo' ? DEMO_RECHARGE_CHANNELS : [],
    exchange: { spreadPerLakh: 500, referenceRates: {} },
    autoReviewSeconds: profile === 'demo' ? 5 : null,
    autoReviewIntervalMs: 1000,
    ipo: { limitPerStock: 1, retailMax: 20_000_000, beacon: '', sweepIntervalMs: 5000, demoStepMs: profile === 'demo' ? 3 * 60_000 : null },
    block: { minShares: 100, minAmount: 200_000_000, bandBps: 300, beacon: '', sweepIntervalMs: 5000, demoStepMs: profile === 'demo' ? 2 * 60_000 : null },
    // The demo's products lock for minutes so one sitting can invest and redeem; production's for days.
    follow: { sweepIntervalMs: 10_000, stopLossMin: 5, stopLossMax: 95, demoLockUnit: profile === 'demo' ? 'minute' : 'day' },
    // The demo shows the application and its review (approved automatically); production pays holders without asking.
    dividends: { payDelayMs: profile === 'demo' ? 10 * 60_000 : 30 * 24 * 3_600_000, applicationRequired: profile === 'demo', sweepIntervalMs: 60_000 },
    loans: {
      channelOpen: true,
      dailyQuota: 5_000_000_000,
      terms: DEFAULT_LOAN_TERMS,
      creditMax: 100_000_000,
      creditRules: DEFAULT_CREDIT_RULES,
      borrowableTable: DEFAULT_BORROWABLE_TABLE,
      withdrawMinScore: 300,
      sweepIntervalMs: 60_000,
    },
    vip: { ...DEFAULT_VIP_RULES, sweepIntervalMs: 60_000 },
    quiz: DEFAULT_QUIZ_RULES,
    support: { replyHours: 24, complaintDays: 21, guestPerHour: 5, resetGrantMs: 24 * 3_600_000 },
    privacy: { financialYears: 5, investmentYears: 10, consentAge: 14 },
    cryptoLotMicro: 10_000,
    forexLotUnits: 1_000,
    marketOrderReconfirmSeconds: 60,
    orderPageSize: 20,
    orderPageMax: 100,
    matchIntervalMs: 1000,
    ...overrides,
  }
}

/**
 * TRADING_LOCK in the environment overrides the lock rule: `<n>m` (n minutes) or `T+<n>`
 * (n India trading days). Undefined or empty keeps the profile's rule.
 */
export function parseLockRule(value: string | undefined): LockRule | undefined {
  if (value === undefined || value === '') return undefined
  const minutes = /^([0-9]{1,5})m$/.exec(value)
  if (minutes) return { unit: 'minutes', count: Number(minutes[1]) }
  const days = /^T\+([0-9]{1,2})$/.exec(value)
  if (days) return { unit: 'trading_days', count: Number(days[1]) }
  throw new Error(`TRADING_LOCK must look like 5m or T+1, not "${value}"`)
}

/** The rules with a lock override applied, checked once so a bad rule stops the server at start. */
export function withLock(config: ServerConfig, lock: LockRule | undefined): ServerConfig {
  const trading = checkTradingRules(lock ? { ...config.trading, lock } : config.trading)
  return { ...config, trading }
}

export { type ConfigItem }

/** The list /common/config returns: names are part of the API contract, values are strings. */
export function publishedConfig(config: ServerConfig): ConfigItem[] {
  const items: ConfigItem[] = [
    { name: 'site_title', value: config.siteTitle },
    { name: 'site_logo', value: config.siteLogo },
    { name: 'profile', value: config.profile },
    { name: 'market_simulated', value: config.marketSimulated ? '1' : '0' },
    { name: 'currency', value: config.currency },
    { name: 'timezone', value: config.timezone },
    { name: 'password_min', value: String(config.passwordMin) },
    { name: 'password_max', value: String(config.passwordMax) },
    { name: 'signin_reward', value: String(config.signinReward) },
    { name: 'news_page_size', value: String(config.newsPageSize) },
    { name: 'news_page_max', value: String(config.newsPageMax) },
    // guess limits (server/accounts/guess-limit-rules.ts)
    { name: 'login_limit_account_ip', value: String(config.loginLimitAccountIp) },
    { name: 'login_limit_ip', value: String(config.loginLimitIp) },
    { name: 'login_slow_after', value: String(config.loginSlowAfter) },
    { name: 'login_delay_base_ms', value: String(config.loginDelayBaseMs) },
    { name: 'login_delay_max_ms', value: String(config.loginDelayMaxMs) },
    { name: 'login_window_seconds', value: String(config.loginWindowSeconds) },
    { name: 'password_check_limit', value: String(config.passwordCheckLimit) },
    { name: 'registration_limit_ip', value: String(config.registrationLimitIp) },
    { name: 'registration_window_seconds', value: String(config.registrationWindowSeconds) },
    { name: 'token_ttl_seconds', value: String(config.tokenTtlSeconds) },
    { name: 'idempotency_ttl_seconds', value: String(config.idempotencyTtlSeconds) },
    // market
    { name: 'market_always_open', value: config.marketAlwaysOpen ? '1' : '0' },
    { name: 'market_hours', value: '09:15-15:30' },
    { name: 'market_holidays', value: config.marketHolidays.join(',') },
    { name: 'stream_interval_ms', value: String(config.streamIntervalMs) },
    { name: 'stream_max_symbols', value: String(config.streamMaxSymbols) },
    { name: 'stock_page_size', value: String(config.stockPageSize) },
    { name: 'stock_page_max', value: String(config.stockPageMax) },
    // trading: every rule the order and position checks enforce
    { name: 'lot_size', value: String(config.trading.lotSize) },
    { name: 'lot_crypto_micro', value: String(config.cryptoLotMicro) },
    { name: 'lot_forex_units', value: String(config.forexLotUnits) },
    { name: 'max_lots_per_order', value: String(config.trading.maxLotsPerOrder) },
    { name: 'leverages', value: config.trading.leverages.join(',') },
    { name: 'handling_fee_per_lakh', value: String(config.trading.handlingFeePerLakh) },
    { name: 'min_handling_fee', value: String(config.trading.minHandlingFee) },
    { name: 'stamp_duty_per_lakh', value: String(config.trading.stampDutyPerLakh) },
    { name: 'price_band_pct', value: String(config.trading.priceBandPct) },
    { name: 'lock_unit', value: config.trading.lock.unit },
    { name: 'lock_count', value: String(config.trading.lock.count) },
    { name: 'day_trading_cutoff', value: config.trading.dayTradingCutoff },
    { name: 'stop_out_margin_pct', value: String(config.trading.stopOutMarginPct) },
    // money in and out: amounts in paise, windows in India time
    { name: 'recharge_min', value: String(config.funds.rechargeMin) },
    { name: 'recharge_window', value: windowText(config.funds.rechargeWindow) },
    { name: 'recharge_days', value: config.funds.rechargeWindow.weekdaysOnly ? 'weekdays' : 'all' },
    { name: 'withdraw_min', value: String(config.funds.withdrawMin) },
    { name: 'withdraw_max', value: String(config.funds.withdrawMax) },
    { name: 'withdraw_window', value: windowText(config.funds.withdrawWindow) },
    { name: 'withdraw_days', value: config.funds.withdrawWindow.weekdaysOnly ? 'weekdays' : 'all' },
    // currency exchange: the wallets, the spread taken once, and fixed reference rates ('CUR:rate x 10^8', ...)
    { name: 'exchange_currencies', value: CURRENCIES.join(',') },
    { name: 'exchange_spread_per_lakh', value: String(config.exchange.spreadPerLakh) },
    { name: 'exchange_reference_rates', value: Object.entries(config.exchange.referenceRates).map(([c, r]) => `${c}:${r}`).join(',') },
    // new shares: the per-user limit, the retail cap in paise, the draw (src/contract/draw.ts) and its beacon ('' for none)
    { name: 'ipo_limit_per_stock', value: String(config.ipo.limitPerStock) },
    { name: 'ipo_retail_max', value: String(config.ipo.retailMax) },
    { name: 'ipo_draw_algorithm', value: DRAW_ALGORITHM },
    { name: 'ipo_beacon', value: config.ipo.beacon },
    // block trades: the minimum application (shares and paise) and the price band around the reference (basis points)
    { name: 'block_min_shares', value: String(config.block.minShares) },
    { name: 'block_min_amount', value: String(config.block.minAmount) },
    { name: 'block_band_bps', value: String(config.block.bandBps) },
    // copy-trading: the stop-loss percent an investment may set
    { name: 'follow_stop_loss_min', value: String(config.follow.stopLossMin) },
    { name: 'follow_stop_loss_max', value: String(config.follow.stopLossMax) },
    // credit loans: amounts in paise, the daily rate per lakh, the score's weights and the borrowable table as JSON (src/lib/loan.ts)
    { name: 'loan_channel_open', value: config.loans.channelOpen ? '1' : '0' },
    { name: 'loan_daily_quota', value: String(config.loans.dailyQuota) },
    { name: 'loan_min', value: String(config.loans.terms.min) },
    { name: 'loan_daily_rate_per_lakh', value: String(config.loans.terms.dailyRatePerLakh) },
    { name: 'loan_term_days', value: String(config.loans.terms.termDays) },
    { name: 'loan_credit_max', value: String(config.loans.creditMax) },
    { name: 'loan_borrowable_table', value: JSON.stringify(config.loans.borrowableTable) },
    { name: 'credit_score_rules', value: JSON.stringify(config.loans.creditRules) },
    { name: 'withdraw_min_credit_score', value: String(config.loans.withdrawMinScore) },
    // VIP: the measure's window and the levels as JSON (src/lib/vip.ts)
    { name: 'vip_window_days', value: String(config.vip.windowDays) },
    { name: 'vip_levels', value: JSON.stringify(config.vip.levels) },
    // knowledge quiz: seconds an item stays open, a score above quiz_pass_score passes, questions per attempt, failures in a row before a cool-off of quiz_cooloff_hours
    { name: 'quiz_min_study_seconds', value: String(config.quiz.minStudySeconds) },
    { name: 'quiz_pass_score', value: String(config.quiz.passScore) },
    { name: 'quiz_question_count', value: String(config.quiz.questionCount) },
    { name: 'quiz_fail_limit', value: String(config.quiz.failLimit) },
    { name: 'quiz_cooloff_hours', value: String(config.quiz.cooloffHours) },
    // customer service: the promised reply time (hours), a complaint's window (days), guest threads per address per hour
    { name: 'support_reply_hours', value: String(config.support.replyHours) },
    { name: 'support_complaint_days', value: String(config.support.complaintDays) },
    { name: 'support_guest_per_hour', value: String(config.support.guestPerHour) },
    { name: 'dividend_pay_delay_seconds', value: String(Math.round(config.dividends.payDelayMs / 1000)) },
    { name: 'dividend_application_required', value: config.dividends.applicationRequired ? '1' : '0' },
    // privacy: what is kept after closure, in years, and the age of consent
    { name: 'privacy_financial_years', value: String(config.privacy.financialYears) },
    { name: 'privacy_investment_years', value: String(config.privacy.investmentYears) },
    { name: 'privacy_consent_age', value: String(config.privacy.consentAge) },
    // reviews: '' when people decide them
    { name: 'auto_review_seconds', value: config.autoReviewSeconds === null ? '' : String(config.autoReviewSeconds) },
    { name: 'market_order_reconfirm_seconds', value: String(config.marketOrderReconfirmSeconds) },
    { name: 'order_page_size', value: String(config.orderPageSize) },
    { name: 'order_page_max', value: String(config.orderPageMax) },
  ]
  // The demo code is public only where anyone may try the app; production invites stay private.
  if (config.profile === 'demo') items.push({ name: 'demo_invite_code', value: config.demoInviteCode })
  return items
}

/** The sign-in limits, for users and operators alike. */
export function signInLimits(config: ServerConfig): SignInLimits {
  return {
    accountAddress: config.loginLimitAccountIp,
    address: config.loginLimitIp,
    slowAfter: config.loginSlowAfter,
    delayBaseMs: config.loginDelayBaseMs,
    delayMaxMs: config.loginDelayMaxMs,
    windowMs: config.loginWindowSeconds * 1000,
  }
}

/** The limit on passwords checked inside a session (login, fund and operator passwords). */
export function passwordCheckRule(config: ServerConfig): AttemptRule & { name: 'password' } {
  return { name: 'password', limit: config.passwordCheckLimit, windowMs: config.loginWindowSeconds * 1000 }
}

/** The limit on new accounts per address. */
export function registrationRule(config: ServerConfig): AttemptRule & { name: 'registration' } {
  return { name: 'registration', limit: config.registrationLimitIp, windowMs: config.registrationWindowSeconds * 1000 }
}
