/**
 * Every refusal code the server can send, with the names of the params it may carry (DESIGN.md
 * sections 1 and 2). The server's DomainRefusal and envelope builders take only these codes and
 * param names, so a new refusal is declared here first; the app's translations are keyed by the
 * same object, so a code without an English sentence is a type error there, and a test checks each
 * sentence is in every catalog. Params are optional on the wire: an older server may send fewer.
 */

export const refusalParams = {
  // Accounts: registration, login, passwords, daily sign-in
  account_invalid: [],
  password_length: ['min', 'max'],
  password_mismatch: [],
  agreement_required: [],
  invite_code_invalid: [],
  account_exists: [],
  login_failed: [],
  account_frozen: ['reason'],
  login_banned: ['reason'],
  account_disabled: ['reason'],
  password_wrong: [],
  password_same: [],
  fund_password_format: ['digits'],
  fund_password_wrong: [],
  already_signed_in: ['day'],
  // News
  news_not_found: ['id'],
  // Markets and trading
  symbol_unknown: ['symbol'],
  instrument_not_tradable: ['symbol'],
  order_not_found: ['id'],
  trading_disabled: [],
  lots_invalid: ['min', 'max'],
  leverage_not_allowed: ['allowed'],
  margin_trading_disabled: [],
  limit_price_invalid: [],
  market_closed: ['opens'],
  day_trading_closed: ['cutoff'],
  price_out_of_band: ['min', 'max'],
  order_not_pending: ['status'],
  position_not_holding: ['status'],
  position_locked: ['unlockAt'],
  status_transition_invalid: ['status', 'event'],
  // Identity, uploads and bank cards
  upload_not_image: [],
  upload_too_large: ['max'],
  upload_too_many_pixels: ['max'],
  upload_not_found: ['id'],
  real_name_under_review: [],
  real_name_verified: [],
  name_invalid: ['max'],
  id_number_invalid: [],
  pan_invalid: [],
  real_name_required: ['status'],
  card_holder_mismatch: [],
  ifsc_invalid: [],
  bank_account_invalid: [],
  bank_required: [],
  card_duplicate: [],
  // Money in and out, and currency exchange
  insufficient_balance: ['min', 'required', 'available', 'currency'],
  withdrawal_disabled: ['reason'],
  fund_password_not_set: [],
  card_not_found: [],
  withdraw_below_min: ['min'],
  withdraw_above_max: ['max'],
  outside_window: ['from', 'to', 'days'],
  fund_operation_pending: [],
  usdt_address_invalid: ['network'],
  recharge_channel_unknown: ['channel'],
  recharge_below_min: ['min'],
  receipt_already_used: [],
  currency_unknown: ['currency'],
  exchange_same_currency: ['currency'],
  amount_invalid: [],
  rate_unavailable: ['from', 'to'],
  exchange_amount_too_small: ['from', 'to'],
  exchange_rate_moved: ['amountOut', 'minAmountOut', 'currency'],
  // New shares (issue 10)
  ipo_not_found: ['id'],
  ipo_not_open: ['opens', 'closes'],
  ipo_lots_invalid: ['min', 'max'],
  ipo_pan_used: [],
  ipo_limit_reached: ['limit'],
  ipo_application_not_found: ['id'],
  ipo_nothing_owed: ['status'],
  ipo_payment_closed: ['deadline'],
  ipo_schedule_invalid: ['field'],
  ipo_symbol_taken: ['symbol'],
  ipo_already_drawn: [],
  dividend_not_found: ['id'],
  dividend_not_claimable: ['status'],
  // Block trades (issue 11)
  block_not_found: ['id'],
  block_closed: ['opens', 'closes'],
  block_lot_invalid: ['lot'],
  block_below_min_shares: ['min'],
  block_below_min_amount: ['min'],
  block_already_applied: [],
  // Copy-trading (issue 11)
  follow_not_found: ['id'],
  follow_closed: ['deadline'],
  follow_below_min: ['min'],
  follow_fund_full: ['available'],
  follow_stop_loss_invalid: ['min', 'max'],
  follow_investment_not_found: ['id'],
  follow_locked: ['unlockAt'],
  follow_ended: [],
  // Credit loans and VIP (issue 12)
  loan_channel_closed: [],
  loan_quota_full: [],
  loan_unpaid: ['id'],
  loan_pending_review: ['id'],
  loan_below_min: ['min'],
  loan_limit_insufficient: ['borrowable', 'score'],
  loan_not_found: ['id'],
  loan_not_repayable: ['status'],
  loan_repay_above_owed: ['owed'],
  loan_cooling_off_over: ['until'],
  credit_amount_invalid: ['max'],
  credit_request_pending: [],
  withdraw_score_low: ['score', 'min'],
  // Knowledge quiz (issue 13)
  quiz_item_not_opened: [],
  quiz_study_too_short: ['remaining'],
  quiz_not_studied: ['missing'],
  quiz_cooling_off: ['until'],
  quiz_already_passed: [],
  quiz_attempt_not_found: ['id'],
  // Customer service (issue 13)
  support_thread_not_found: ['id'],
  support_thread_closed: ['id'],
  support_reset_not_granted: [],
  support_reset_not_allowed: [],
  // Privacy and account safety (issue 13)
  account_closed: [],
  totp_required: [],
  totp_invalid: [],
  totp_not_set_up: [],
  totp_already_enabled: [],
  totp_not_enabled: [],
  deletion_pending: [],
  deletion_blocked: ['reason'],
  deletion_not_pending: [],
  // Back office and reviews
  reason_required: [],
  review_already_decided: ['status'],
  operator_name_invalid: [],
  operator_exists: [],
  // 403 from every other back-office route until the first operator changes the password they were given
  password_change_required: [],
  // Protocol codes of the envelope and the plugins (401, 404, 409, 422, 429, 500, 400)
  unauthorized: [],
  not_found: ['what'],
  bad_request: ['field', 'max'],
  internal_error: [],
  too_many_attempts: ['retryAfter', 'rule', 'limit', 'windowSeconds'],
  request_in_flight: [],
  idempotency_key_reused: [],
  idempotency_key_required: [],
  request_withdrawn: [],
} as const satisfies Record<string, readonly string[]>

/**
 * Codes the app makes itself and shows like refusals: no connection, an outbox item older than
 * seven days, a market order queued offline too long ago.
 */
export const clientRefusalParams = {
  network: [],
  expired: [],
  market_order_stale: ['createdAt'],
} as const satisfies Record<string, readonly string[]>

/** Params as any server, older or newer, may send them: names to text or numbers. */
export type RefusalParams = Record<string, string | number>

export type RefusalCode = keyof typeof refusalParams
export type ClientRefusalCode = keyof typeof clientRefusalParams

type ParamsTable = typeof refusalParams & typeof clientRefusalParams

/** The declared param names of code C. */
export type RefusalParamName<C extends RefusalCode | ClientRefusalCode> = ParamsTable[C][number]

/**
 * The params a refusal with code C may carry, each one optional. A code without params takes an
 * object with none (an empty object type would accept anything).
 */
export type RefusalParamsOf<C extends RefusalCode | ClientRefusalCode> = [RefusalParamName<C>] extends [never]
  ? Record<string, never>
  : { [N in RefusalParamName<C>]?: string | number }

export const REFUSAL_CODES = Object.keys(refusalParams) as RefusalCode[]
export const CLIENT_REFUSAL_CODES = Object.keys(clientRefusalParams) as ClientRefusalCode[]

/** The declared param names of a code the server or the app can produce. */
export function paramNamesOf(code: RefusalCode | ClientRefusalCode): readonly string[] {
  return Object.hasOwn(refusalParams, code) ? refusalParams[code as RefusalCode] : clientRefusalParams[code as ClientRefusalCode]
}

/** Declared params as the wire carries them: a param left undefined is not sent. */
export function wireParams(params: RefusalParamsOf<RefusalCode | ClientRefusalCode>): RefusalParams {
  const out: RefusalParams = {}
  for (const [name, value] of Object.entries(params)) if (value !== undefined) out[name] = value
  return out
}

/** Whether a string from the wire is a code this contract declares. */
export function isRefusalCode(code: string): code is RefusalCode {
  return Object.hasOwn(refusalParams, code)
}
