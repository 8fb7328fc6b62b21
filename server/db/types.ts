/**
 * Row types of every table, as Kysely sees them. int8 columns arrive as JS numbers (see
 * parseInt8 in index.ts); times are epoch milliseconds and money is integer paise.
 * A column rename here needs a migration in migrations/.
 */
import { type ColumnType, type Generated, type GeneratedAlways, type Insertable, type Selectable } from 'kysely'
import { type BlockApplicationStatus, type BlockSession, type DeletionStatus, type DividendStatus, type FollowInvestmentStatus, type IpoApplicationStatus, type IpoKind, type InboxKind, type IpoPaymentMode, type LoanStatus, type RealNameStatus, type StrategyCode } from '../../src/contract/replies'

// users.real_name_status holds the contract's states (its CHECK is in the migration).
export type { RealNameStatus }

export type UsersTable = {
  id: Generated<number>
  account: string
  password_hash: string
  fund_password_hash: string | null
  invited_by_code: string
  real_name_status: Generated<RealNameStatus>
  real_name: string | null
  real_name_reason: string | null
  created_at: number
  /** Leverage above 1 needs it (issue 3). */
  margin_trading: Generated<boolean>
  /** Wrong sign-in passwords since the latest sign-in, and the one before it (issue 8). */
  failed_sign_ins: Generated<number>
  last_failed_sign_in_at: number | null
  failed_sign_ins_before: Generated<number>
  last_failed_sign_in_before_at: number | null
  /** An approved deletion request closed the account (issue 13): no sign-in ever again. */
  closed_at: number | null
  /** Until when the kept financial and investment records stay (closure plus the years in config.privacy). */
  keep_financial_until: number | null
  keep_investment_until: number | null
}

export type InviteCodesTable = {
  code: string
  owner_user_id: number | null
  note: string | null
  created_at: number
}

export type SessionsTable = {
  id: Generated<number>
  user_id: number
  token_hash: string
  client_ip: string | null
  created_at: number
  expires_at: number
  revoked_at: number | null
}

export type AccountFlagsTable = {
  user_id: number
  flag: 'frozen' | 'login_banned' | 'disabled' | 'no_trade' | 'no_withdraw'
  reason: string
  set_by: string | null
  set_at: number
}

export type LoginFailuresTable = {
  id: Generated<number>
  account: string
  client_ip: string
  at: number
}

export type RegistrationAttemptsTable = {
  id: Generated<number>
  client_ip: string
  at: number
}

export type LedgerEntriesTable = {
  id: Generated<number>
  reason: string
  reference: string | null
  operator: string | null
  created_at: number
}

export type LedgerLegsTable = {
  id: Generated<number>
  entry_id: number
  account: string
  currency: string
  amount: number
}

export type SignInsTable = {
  user_id: number
  day: string
  reward: number
  entry_id: number
  created_at: number
}

export type IdempotencyKeysTable = {
  scope: string
  key: string
  request_hash: string
  state: 'in_flight' | 'done'
  lease_id: string | null
  lease_until: number | null
  status_code: number | null
  reply_body: string | null
  created_at: number
  expires_at: number
}

export type NewsArticlesTable = {
  id: Generated<number>
  image: string | null
  published_at: number
  created_at: number
}

export type NewsTranslationsTable = {
  article_id: number
  lang: 'en' | 'tw' | 'kr' | 'yd'
  title: string
  summary: string
  body: string
}

export type OrderRowStatus = 'pending' | 'cancelled' | 'locked' | 'holding' | 'preparing_to_close' | 'closed'

/** One order and the position it opens (issue 3); prices in the instrument's price units. */
export type OrdersTable = {
  id: Generated<number>
  order_no: GeneratedAlways<string>
  user_id: number
  symbol: string
  kind: 'stock' | 'forex' | 'crypto'
  type: 'market' | 'limit'
  direction: 'long' | 'short'
  lots: number
  quantity: number
  unit_divisor: number
  quantity_scale: number
  leverage: number
  day_trading: boolean
  limit_price: number | null
  entry_price: number | null
  exit_price: number | null
  margin: number
  fee: number
  stamp_duty: number
  total_debit: number
  close_fee: number | null
  close_stamp_duty: number | null
  pnl: number | null
  cash_returned: number | null
  status: OrderRowStatus
  unlock_at: number | null
  created_at: number
  opened_at: number | null
  closed_at: number | null
  close_reason: 'user' | 'stop_out' | 'square_off' | null
  updated_at: number
  /**
   * Issue 14 (migration 1764600000000_engine_levels.sql): the stop-out level fixed at the fill
   * (position-rules.ts stopOutPrice) and a day-trading order's square-off time. Null until set;
   * the engine sets missing ones, so other paths that insert rows may leave them out.
   */
  stop_out_price: ColumnType<number | null, number | null | undefined, number | null>
  square_off_at: ColumnType<number | null, number | null | undefined, number | null>
}

export type WatchlistTable = {
  user_id: number
  symbol: string
  added_at: number
}

export type MarketSettingsTable = { key: string; value: string }

export type MarketCalendarName = 'nse' | 'currency' | 'crypto' | 'always'

/** One instrument's India day (issue 3); minute bars are regenerated from it. */
export type MarketDaysTable = {
  symbol: string
  day: string
  calendar: MarketCalendarName
  start_close: number
  prev_close: number
  open: number
  high: number
  low: number
  close: number
  volume: number
  amount: number
  adjustments: string
}

/** Issue 10: a company that joined the exchange on its listing day; see 1764200001000_market_listings.sql. */
export type MarketListingsTable = {
  symbol: string
  name: string
  sector: string
  industry: string
  shares_outstanding: number
  free_float_bp: number
  reference_price: number
  listed_at: number
}

/** Issue 4: a private picture (ID photo, receipt, payment QR), its type judged from its bytes. */
export type UploadsTable = {
  id: GeneratedAlways<number>
  user_id: number
  kind: 'id_front' | 'id_back' | 'receipt' | 'payment_qr' | 'support'
  content_type: 'image/jpeg' | 'image/png' | 'image/webp'
  size: number
  sha256: string
  bytes: Uint8Array
  created_at: number
}

export type RealNameSubmissionsTable = {
  id: GeneratedAlways<number>
  user_id: number
  name: string
  id_number: string
  pan: string
  front_upload_id: number
  back_upload_id: number
  status: Generated<'pending' | 'approved' | 'rejected'>
  reason: string | null
  decided_by: string | null
  created_at: number
  decided_at: number | null
}

export type BankCardsTable = {
  id: GeneratedAlways<number>
  user_id: number
  holder: string
  account_number: string
  ifsc: string
  bank: string
  branch: string
  created_at: number
}

export type WithdrawalsTable = {
  id: GeneratedAlways<number>
  user_id: number
  card_id: number
  amount: number
  status: Generated<'pending' | 'approved' | 'rejected'>
  reason: string | null
  decided_by: string | null
  created_at: number
  decided_at: number | null
}

/** Issue 4: a deposit the user says they made, with its receipt, and its review. */
export type RechargesTable = {
  id: GeneratedAlways<number>
  user_id: number
  channel: string
  amount: number
  receipt_upload_id: number
  status: Generated<'pending' | 'approved' | 'rejected'>
  reason: string | null
  decided_by: string | null
  created_at: number
  decided_at: number | null
}

/** Issue 4: one currency exchange and the quote applied (its money is the 'exchange:<id>' ledger entry). */
export type ExchangesTable = {
  id: GeneratedAlways<number>
  user_id: number
  from_currency: string
  to_currency: string
  amount_in: number
  amount_out: number
  /** Rupees per unit x 10^8 (server/funds/exchange-rules.ts RATE_SCALE). */
  mid_from: number
  mid_to: number
  spread_per_lakh: number
  created_at: number
}

export type OperatorsTable = {
  id: GeneratedAlways<number>
  username: string
  password_hash: string
  created_by: string | null
  created_at: number
  /** The first operator's password came from a setting: nothing but changing it works until it is (issue 15). */
  must_change_password: Generated<boolean>
}

export type OperatorSessionsTable = {
  id: GeneratedAlways<number>
  operator_id: number
  token_hash: string
  created_at: number
  expires_at: number
  revoked_at: number | null
}

export type AuditLogTable = {
  id: GeneratedAlways<number>
  operator: string
  action: string
  user_id: number | null
  subject: string | null
  /** JSON text. */
  detail: Generated<string>
  at: number
}

/** Issue 4: the user's own USDT address per network, with an optional payment QR picture. */
export type UsdtAddressesTable = {
  user_id: number
  network: 'TRC20' | 'ERC20'
  address: string
  qr_upload_id: number | null
  created_at: number
  updated_at: number
}

/** Issue 13: what happened to an account, one row per event, written in the event's transaction. */
/** Two-step sign-in (issue 13): one secret per user, on once confirmed. */
export type TotpTable = {
  user_id: number
  secret: string
  created_at: number
  enabled_at: number | null
  /** The 30-second step of the last code accepted: a step at or before it is refused (a code works once). */
  last_used_step: number | null
}

export type TotpRecoveryCodesTable = {
  id: Generated<number>
  user_id: number
  /** sha256 hex of the normalised code. */
  code_hash: string
  created_at: number
  used_at: number | null
}

export type DeletionRequestsTable = {
  id: Generated<number>
  user_id: number
  status: Generated<DeletionStatus>
  /** The retention years the user was shown when asking (config.privacy then). */
  financial_years: number
  investment_years: number
  reason: string | null
  created_at: number
  decided_at: number | null
  decided_by: string | null
}

export type InboxMessagesTable = {
  id: GeneratedAlways<number>
  user_id: number
  kind: InboxKind
  /** JSON of the kind's InboxParams. */
  params: string
  link: string | null
  created_at: number
  read_at: number | null
}

/** Issue 13: a courseware item's study clock per user (migration 1764500002000_quiz.sql). */
export type QuizStudiesTable = {
  user_id: number
  item_id: string
  opened_at: number
  studied_at: number | null
}

/** Issue 13: one quiz attempt, kept for good; `questions` and `answers` are JSON (server/quiz/rules.ts). */
export type QuizAttemptsTable = {
  id: GeneratedAlways<number>
  user_id: number
  started_at: number
  submitted_at: number | null
  questions: string
  answers: string | null
  score: number | null
  passed: boolean | null
}

export type Database = {
  users: UsersTable
  invite_codes: InviteCodesTable
  sessions: SessionsTable
  account_flags: AccountFlagsTable
  login_failures: LoginFailuresTable
  registration_attempts: RegistrationAttemptsTable
  ledger_entries: LedgerEntriesTable
  ledger_legs: LedgerLegsTable
  sign_ins: SignInsTable
  idempotency_keys: IdempotencyKeysTable
  news_articles: NewsArticlesTable
  news_translations: NewsTranslationsTable
  orders: OrdersTable
  market_settings: MarketSettingsTable
  market_days: MarketDaysTable
  market_listings: MarketListingsTable
  watchlist: WatchlistTable
  uploads: UploadsTable
  real_name_submissions: RealNameSubmissionsTable
  bank_cards: BankCardsTable
  withdrawals: WithdrawalsTable
  usdt_addresses: UsdtAddressesTable
  operators: OperatorsTable
  operator_sessions: OperatorSessionsTable
  audit_log: AuditLogTable
  recharges: RechargesTable
  exchanges: ExchangesTable
  ipo_issues: IpoIssuesTable
  ipo_applications: IpoApplicationsTable
  block_offerings: BlockOfferingsTable
  block_applications: BlockApplicationsTable
  dividends: DividendsTable
  dividend_entitlements: DividendEntitlementsTable
  dividend_applications: DividendApplicationsTable
  follow_strategies: FollowStrategiesTable
  follow_runs: FollowRunsTable
  follow_trades: FollowTradesTable
  follow_navs: FollowNavsTable
  follow_products: FollowProductsTable
  follow_investments: FollowInvestmentsTable
  vip_levels: VipLevelsTable
  vip_changes: VipChangesTable
  loans: LoansTable
  loan_accruals: LoanAccrualsTable
  loan_repayments: LoanRepaymentsTable
  credit_requests: CreditRequestsTable
  inbox_messages: InboxMessagesTable
  quiz_studies: QuizStudiesTable
  quiz_attempts: QuizAttemptsTable
  support_threads: SupportThreadsTable
  support_messages: SupportMessagesTable
  support_guest_creations: SupportGuestCreationsTable
  totp: TotpTable
  totp_recovery_codes: TotpRecoveryCodesTable
  deletion_requests: DeletionRequestsTable
}

/** Issue 13: a customer-service thread, a user's or a guest's; see 1764500001000_support.sql. */
export type SupportThreadsTable = {
  id: GeneratedAlways<number>
  user_id: number | null
  guest_account: string | null
  guest_key_hash: string | null
  topic: 'general' | 'complaint' | 'login_banned' | 'password_reset'
  status: Generated<'open' | 'answered' | 'closed'>
  identity_matched: boolean | null
  reset_granted_until: number | null
  reset_used_at: number | null
  created_at: number
  updated_at: number
  user_unread: Generated<number>
  operator_unread: Generated<number>
}

export type SupportMessagesTable = {
  id: GeneratedAlways<number>
  thread_id: number
  author: 'user' | 'operator'
  operator: string | null
  body: string
  /** JSON text of the upload ids (int[]). */
  upload_ids: Generated<string>
  created_at: number
}

export type SupportGuestCreationsTable = {
  id: GeneratedAlways<number>
  client_ip: string
  at: number
}

/** Issue 10: a new-share issue; see migration 1764200000000_new_shares.sql. */
export type IpoIssuesTable = {
  id: GeneratedAlways<number>
  symbol: string
  name: string
  sector: string
  industry: string
  shares_outstanding: number
  free_float_bp: number
  price: number
  lot_size: number
  min_lots: number
  retail_shares: number
  payment_mode: IpoPaymentMode
  opens_at: number
  closes_at: number
  draw_at: number
  refund_at: number
  listing_at: number
  seed: string
  commitment: string
  beacon: Generated<string>
  digest: string | null
  frozen_at: number | null
  drawn_at: number | null
  settled_at: number | null
  listed_at: number | null
  cancelled_at: number | null
  cancel_reason: string | null
  created_by: string
  created_at: number
  /** A placement (migration 1764200003000) is allotted in proportion; its tier has a minimum amount. */
  kind: Generated<IpoKind>
  min_amount: number | null
}

export type IpoApplicationsTable = {
  id: GeneratedAlways<number>
  issue_id: number
  user_id: number
  pan: string
  ref: string
  lots: number
  amount: number
  status: IpoApplicationStatus
  rank: number | null
  allotted_lots: Generated<number>
  paid_lots: Generated<number>
  pay_deadline: number | null
  order_id: number | null
  created_at: number
  updated_at: number
}

/** Issue 10: a dividend the feed paid, and what holders at its record date are owed. */
export type DividendsTable = {
  id: GeneratedAlways<number>
  symbol: string
  ex_day: string
  per_share: number
  record_at: number
  pay_at: number
  application_required: boolean
  entitled_at: number | null
  created_at: number
}

export type DividendEntitlementsTable = {
  id: GeneratedAlways<number>
  dividend_id: number
  user_id: number
  order_id: number
  shares: number
  amount: number
  status: DividendStatus
  reason: string | null
  paid_at: number | null
  created_at: number
  updated_at: number
}

export type DividendApplicationsTable = {
  id: GeneratedAlways<number>
  entitlement_id: number
  user_id: number
  status: Generated<'pending' | 'approved' | 'rejected'>
  reason: string | null
  decided_by: string | null
  created_at: number
  decided_at: number | null
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type Session = Selectable<SessionsTable>

/** Issue 11: a block offering (migration 1764300000000); the job stamps priced_at and allocated_at. */
export type BlockOfferingsTable = {
  id: GeneratedAlways<number>
  symbol: string
  name: string
  session: BlockSession
  shares: number
  lot_size: number
  opens_at: number
  closes_at: number
  allocate_at: number
  reference_kind: 'previous_close' | 'vwap'
  reference_from: number | null
  reference_to: number | null
  discount_bps: number
  band_bps: number
  min_shares: number
  min_amount: number
  lock_unit: 'day' | 'minute'
  lock_count: number
  seed: string
  commitment: string
  beacon: Generated<string>
  reference_price: number | null
  price: number | null
  priced_at: number | null
  digest: string | null
  allocated_at: number | null
  cancelled_at: number | null
  cancel_reason: string | null
  created_by: string
  created_at: number
}

export type BlockApplicationsTable = {
  id: GeneratedAlways<number>
  offering_id: number
  user_id: number
  ref: string
  shares: number
  price: number
  amount: number
  fee: number
  frozen: number
  status: BlockApplicationStatus
  rank: number | null
  allocated_shares: Generated<number>
  paid: Generated<number>
  order_id: number | null
  created_at: number
  updated_at: number
}

/** Issue 11: a copy-trading strategy; params and universe are JSON. See migration 1764300001000_copy_trading.sql. */
export type FollowStrategiesTable = {
  id: GeneratedAlways<number>
  code: StrategyCode
  name: string
  params: string
  universe: string
  start_day: string
  capital: number
  created_at: number
}

/** Issue 11: where a strategy's run stands (holdings and state are JSON). */
export type FollowRunsTable = {
  strategy_id: number
  last_day: string | null
  cash: number
  holdings: string
  state: string
  updated_at: number
}

export type FollowTradesTable = {
  id: GeneratedAlways<number>
  strategy_id: number
  day: string
  seq: number
  time: number
  symbol: string
  side: 'buy' | 'sell'
  qty: number
  price: number
  fees: number
}

export type FollowNavsTable = { strategy_id: number; day: string; nav: number }

export type FollowProductsTable = {
  id: GeneratedAlways<number>
  number: string
  name: string
  strategy_id: number
  min_amount: number
  fund_size: number
  deadline: number
  lock_unit: 'day' | 'minute'
  lock_count: number
  created_at: number
}

export type FollowInvestmentsTable = {
  id: GeneratedAlways<number>
  user_id: number
  product_id: number
  amount: number
  units: number
  nav_at_invest: number
  stop_loss_percent: number | null
  /** nav-rules.ts stopLossNav, null without a stop-loss (1764800501000_follow_stop_loss_nav). */
  stop_loss_nav: number | null
  unlock_at: number
  status: FollowInvestmentStatus
  end_reason: 'redeemed' | 'stop_loss' | null
  ended_at: number | null
  redeemed_amount: number | null
  redeemed_nav: number | null
  created_at: number
  updated_at: number
}

/** Issue 12: the level the 'vip' job last set for an account; see migration 1764400001000_vip.sql. */
export type VipLevelsTable = {
  user_id: number
  level: number
  measure: number
  computed_at: number
}

/** Issue 12: a level change the job made, shown to the user. */
export type VipChangesTable = {
  id: GeneratedAlways<number>
  user_id: number
  from_level: number
  to_level: number
  measure: number
  at: number
}

/** Issue 12: a credit loan, its terms fixed at the application. See migration 1764400000000_loans.sql. */
export type LoansTable = {
  id: GeneratedAlways<number>
  user_id: number
  amount: number
  daily_rate_per_lakh: number
  term_days: number
  score: number
  borrowable: number
  day: string
  status: Generated<LoanStatus>
  reason: string | null
  decided_by: string | null
  decided_at: number | null
  principal_outstanding: Generated<number>
  interest_outstanding: Generated<number>
  interest_total: Generated<number>
  repaid_total: Generated<number>
  accrued_days: Generated<number>
  /** disbursed_at + (accrued_days + 1) days, computed by the database (1764800500000). */
  next_interest_at: GeneratedAlways<number | null>
  disbursed_at: number | null
  disbursement_entry_id: number | null
  due_at: number | null
  cooling_off_until: number | null
  completed_at: number | null
  created_at: number
  updated_at: number
}

/** Issue 12: one interest day of a loan (entry_id null when the day's interest rounds to 0). */
export type LoanAccrualsTable = {
  loan_id: number
  day: number
  principal: number
  interest: number
  owed_after: number
  entry_id: number | null
  at: number
  created_at: number
}

/** Issue 12: a repayment, or the principal handed back by a cancellation in the free first day. */
export type LoanRepaymentsTable = {
  id: GeneratedAlways<number>
  loan_id: number
  kind: 'repayment' | 'cancellation'
  amount: number
  interest_part: number
  principal_part: number
  owed_after: number
  entry_id: number
  created_at: number
}

/** Issue 12: a request for credit above the borrowable table, reviewed. */
export type CreditRequestsTable = {
  id: GeneratedAlways<number>
  user_id: number
  amount: number
  status: Generated<'pending' | 'approved' | 'rejected'>
  reason: string | null
  decided_by: string | null
  created_at: number
  decided_at: number | null
}
