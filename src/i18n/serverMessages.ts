/**
 * Server refusals in the reader's language. The server sends a stable `code`, its `params` and an
 * English `msg`; the client translates by code (DESIGN.md section 6). A reply from an older server
 * carries only a Chinese `msg`: its numbers and time ranges become placeholders, the template is
 * looked up in a table of the old server's known messages, and the values are put back.
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  type ClientRefusalCode,
  type RefusalCode,
  type RefusalParamName,
  type RefusalParams,
  clientRefusalParams,
  refusalParams,
} from '../contract/refusals'
import { formatDateTime } from '../lib/dates'
import { formatMoney } from '../lib/money'
import { formatCurrency, isWalletCurrency } from '../lib/currency'
import { i18n } from './setup'
import { fundsRefusals } from '../features/funds/refusals'
import { ipoRefusals } from '../features/ipo/refusals'
import { blockRefusals } from '../features/block/refusals'
import { followRefusals } from '../features/follow/refusals'
import { loanRefusals } from '../features/loan/refusals'
import { supportRefusals } from '../features/support/refusals'
import { inboxRefusals } from '../features/inbox/refusals'
import { quizRefusals } from '../features/quiz/refusals'
import { privacyRefusals } from '../features/privacy/refusals'
import { intlLocale, normalizeLanguage } from './languages'

/** Every code a reader may be shown: the server's, and the app's own (no connection, ...). */
export type ShownCode = RefusalCode | ClientRefusalCode

export type RefusalLike = { code?: string | null; params?: RefusalParams | null; msg?: string | null }

type Formatted = Record<string, string>

function locale(): string {
  return intlLocale(normalizeLanguage(i18n.locale))
}

function formatNumber(value: string | number | undefined): string {
  if (value === undefined || value === '') return ''
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? new Intl.NumberFormat(locale()).format(n) : String(value)
}

/** Money params are integer paise on the wire; anything else is shown as sent. */
function formatPaise(value: string | number | undefined): string {
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isSafeInteger(n) ? formatMoney(n) : String(value ?? '')
}

/** `retryAfter` is seconds; a wait of two minutes or more reads better in whole minutes. */
function formatWait(value: string | number | undefined): string {
  const seconds = Math.max(1, Math.ceil(Number(value) || 0))
  const [amount, unit] = seconds >= 120 ? [Math.ceil(seconds / 60), 'minute'] : [seconds, 'second']
  return new Intl.NumberFormat(locale(), { style: 'unit', unit, unitDisplay: 'long' }).format(amount)
}

/** A rule's window in seconds, in whole hours when it is (3600 -> "1 hour"), else like a wait. */
function formatWindow(value: string | number | undefined): string {
  const seconds = Number(value) || 0
  if (seconds < 3600 || seconds % 3600 !== 0) return formatWait(value)
  return new Intl.NumberFormat(locale(), { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(seconds / 3600)
}

/** An India day `YYYY-MM-DD` shown the way the app shows dates, `YYYY.MM.DD`. */
function formatDay(value: string | number | undefined): string {
  return String(value ?? '').replaceAll('-', '.')
}

/** An instant (epoch ms) as the app shows times, India time; anything else as sent. */
function formatInstant(value: string | number | undefined): string {
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isSafeInteger(n) && n > 0 ? formatDateTime(n) : String(value ?? '')
}

// An order's display status (OrderDto.status) in words.
const statusNames: Record<string, MessageDescriptor> = {
  pending: msg`pending`,
  cancelled: msg`cancelled`,
  locked: msg`locked`,
  holding: msg`holding`,
  preparing_to_close: msg`preparing to close`,
  closed: msg`closed`,
}

function formatStatus(value: string | number | undefined): string {
  const name = typeof value === 'string' && Object.hasOwn(statusNames, value) ? statusNames[value] : undefined
  return name ? i18n._(name) : String(value ?? '')
}

/** A size in bytes as whole megabytes (5242880 -> "5 MB"). */
function formatMegabytes(value: string | number | undefined): string {
  const n = Number(value)
  if (!Number.isFinite(n)) return String(value ?? '')
  return new Intl.NumberFormat(locale(), { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }).format(n / 1024 / 1024)
}

/** A number of pixels as megapixels (64000000 -> "64"). */
function formatMegapixels(value: string | number | undefined): string {
  const n = Number(value)
  return Number.isFinite(n) ? new Intl.NumberFormat(locale(), { maximumFractionDigits: 1 }).format(n / 1_000_000) : String(value ?? '')
}

function text(value: string | number | undefined): string {
  return value === undefined ? '' : String(value)
}

// How each code's params are shown. A code not listed here shows its params as plain text.
/**
 * Amounts in minor units of the refusal's `currency` param (an exchange names its wallet); paise
 * when there is none, so every other refusal reads as before.
 */
function formatMinor(value: string | number | undefined, params: RefusalParams): string {
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isSafeInteger(n)) return String(value ?? '')
  return isWalletCurrency(params.currency) ? formatCurrency(n, params.currency) : formatMoney(n)
}

type Format = (v: string | number | undefined, params: RefusalParams) => string

// Keyed by the contract, so a format for a code or param the server does not send is a type error.
const paramFormats: { [C in ShownCode]?: { [N in RefusalParamName<C>]?: Format } } = {
  password_length: { min: formatNumber, max: formatNumber },
  too_many_attempts: { retryAfter: formatWait, limit: formatNumber, windowSeconds: formatWindow },
  already_signed_in: { day: formatDay },
  insufficient_balance: { min: formatPaise, required: formatMinor, available: formatMinor },
  exchange_rate_moved: { amountOut: formatMinor, minAmountOut: formatMinor },
  lots_invalid: { min: formatNumber, max: formatNumber },
  market_closed: { opens: formatInstant },
  // Band edges are prices: paise for stocks and digital currencies (forex prices are finer).
  price_out_of_band: { min: formatPaise, max: formatPaise },
  order_not_pending: { status: formatStatus },
  position_not_holding: { status: formatStatus },
  status_transition_invalid: { status: formatStatus },
  position_locked: { unlockAt: formatInstant },
  market_order_stale: { createdAt: formatInstant },
  ipo_not_open: { opens: formatInstant, closes: formatInstant },
  ipo_lots_invalid: { min: formatNumber, max: formatNumber },
  ipo_limit_reached: { limit: formatNumber },
  ipo_payment_closed: { deadline: formatInstant },
  block_closed: { opens: formatInstant, closes: formatInstant },
  block_lot_invalid: { lot: formatNumber },
  block_below_min_shares: { min: formatNumber },
  block_below_min_amount: { min: formatPaise },
  follow_closed: { deadline: formatInstant },
  follow_below_min: { min: formatPaise },
  follow_fund_full: { available: formatPaise },
  follow_stop_loss_invalid: { min: formatNumber, max: formatNumber },
  follow_locked: { unlockAt: formatInstant },
  loan_below_min: { min: formatPaise },
  loan_limit_insufficient: { borrowable: formatPaise, score: formatNumber },
  loan_repay_above_owed: { owed: formatPaise },
  loan_cooling_off_over: { until: formatInstant },
  credit_amount_invalid: { max: formatPaise },
  withdraw_score_low: { score: formatNumber, min: formatNumber },
  quiz_study_too_short: { remaining: formatWait },
  quiz_not_studied: { missing: formatNumber },
  quiz_cooling_off: { until: formatInstant },
  upload_too_large: { max: formatMegabytes },
  upload_too_many_pixels: { max: formatMegapixels },
  withdraw_below_min: { min: formatPaise },
  withdraw_above_max: { max: formatPaise },
  recharge_below_min: { min: formatPaise },
  name_invalid: { max: formatNumber },
}

function formatParams(code: ShownCode, params: RefusalParams): Formatted {
  const formats: Partial<Record<string, Format>> = paramFormats[code] ?? {}
  const out: Formatted = {}
  for (const [name, value] of Object.entries(params)) out[name] = (formats[name] ?? text)(value, params)
  return out
}

/** A code's params as shown: only the names the contract declares for it. */
export type Shown<C extends ShownCode> = { [N in RefusalParamName<C>]?: string }

/**
 * Sentences for some codes. An area whose refusals are only shown on its own screens keeps them
 * in its folder (src/features/<area>/refusals.ts), so they sit in its catalog, loaded with those
 * screens, and the first route's main catalog does not grow with every area.
 */
export type Sentences<C extends ShownCode = ShownCode> = { [K in C]: (p: Shown<K>) => MessageDescriptor }

/**
 * One descriptor per code the contract declares (src/contract/refusals.ts): a code without a
 * sentence is a type error. The macro turns each template into an ID from its English text;
 * placeholders are plain identifiers so translators see names, not positions.
 */
const core = {
  // /user/register
  account_invalid: () => msg`Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.`,
  password_length: ({ min = '', max = '' }) => msg`The password must be ${min} to ${max} characters long.`,
  password_mismatch: () => msg`The two passwords do not match.`,
  agreement_required: () => msg`Please accept the user agreement first.`,
  invite_code_invalid: () => msg`This invite code is not valid.`,
  account_exists: () => msg`An account with this mobile number already exists.`,
  // /user/login
  login_failed: () => msg`Wrong mobile number or password.`,
  account_frozen: ({ reason }) =>
    reason ? msg`This account is frozen: ${reason}` : msg`This account is frozen.`,
  login_banned: ({ reason }) =>
    reason ? msg`Logging in is blocked for this account: ${reason}` : msg`Logging in is blocked for this account.`,
  account_disabled: ({ reason }) =>
    reason ? msg`This account is disabled: ${reason}` : msg`This account is disabled.`,
  // The rule that refused is named (server/accounts/guess-limit-rules.ts); an older server sends only retryAfter.
  too_many_attempts: ({ retryAfter, rule, limit, windowSeconds }) => {
    if (retryAfter && limit && windowSeconds) {
      if (rule === 'account_address')
        return msg`Too many wrong passwords for this account from this network: at most ${limit} in ${windowSeconds}. Try again in ${retryAfter}.`
      if (rule === 'address') return msg`Too many wrong passwords from this network: at most ${limit} in ${windowSeconds}. Try again in ${retryAfter}.`
      if (rule === 'password') return msg`Too many wrong passwords for this account: at most ${limit} in ${windowSeconds}. Try again in ${retryAfter}.`
      if (rule === 'registration') return msg`Too many new accounts from this network: at most ${limit} in ${windowSeconds}. Try again in ${retryAfter}.`
    }
    return retryAfter ? msg`Too many attempts. Try again in ${retryAfter}.` : msg`Too many attempts. Try again later.`
  },
  // /user/loginPass
  password_wrong: () => msg`The current password is wrong.`,
  password_same: () => msg`The new password must differ from the current one.`,
  // /user/signIn
  already_signed_in: () => msg`You have already signed in today.`,
  // /news/detail
  news_not_found: () => msg`This article is no longer available.`,
  // Balances (DESIGN.md section 2 names this code as the example of a refusal with params).
  insufficient_balance: ({ min, required, available }) =>
    required && available
      ? msg`Insufficient balance: ${required} is needed and ${available} is available.`
      : min
        ? msg`Insufficient balance: at least ${min} is needed.`
        : msg`Insufficient balance.`,
  // Markets and trading (issue 3)
  symbol_unknown: ({ symbol }) => (symbol ? msg`There is no instrument ${symbol}.` : msg`There is no such instrument.`),
  instrument_not_tradable: ({ symbol }) =>
    symbol ? msg`${symbol} is an index and cannot be traded.` : msg`An index cannot be traded.`,
  order_not_found: () => msg`This order was not found.`,
  trading_disabled: () => msg`Trading is disabled for this account.`,
  lots_invalid: ({ min, max }) =>
    min && max ? msg`Order a whole number of lots from ${min} to ${max}.` : msg`Order a whole number of lots.`,
  leverage_not_allowed: ({ allowed }) =>
    allowed ? msg`Leverage must be one of ${allowed}.` : msg`This leverage is not allowed.`,
  margin_trading_disabled: () => msg`Enable margin trading to use leverage above 1.`,
  limit_price_invalid: () => msg`The limit price must be above zero.`,
  market_closed: ({ opens }) =>
    opens ? msg`The market is closed. It opens at ${opens} (India time).` : msg`The market is closed now.`,
  day_trading_closed: ({ cutoff }) =>
    cutoff ? msg`Day trading closes at ${cutoff} India time.` : msg`Day trading is closed for today.`,
  price_out_of_band: ({ min, max }) =>
    min && max
      ? msg`The price must be within today's band, ${min} to ${max}.`
      : msg`The price is outside today's price band.`,
  order_not_pending: ({ status }) =>
    status ? msg`Only a pending order can be cancelled; this one is ${status}.` : msg`Only a pending order can be cancelled.`,
  position_not_holding: ({ status }) =>
    status ? msg`Only a holding position can be closed; this one is ${status}.` : msg`Only a holding position can be closed.`,
  position_locked: ({ unlockAt }) =>
    unlockAt ? msg`This position is locked until ${unlockAt} (India time).` : msg`This position is still locked.`,
  // A race lost inside the server (the position moved on first): the event itself is not shown.
  status_transition_invalid: ({ status }) =>
    status ? msg`This position has changed meanwhile; it is ${status} now.` : msg`This position has changed meanwhile.`,
  // Identity and bank cards (issue 4)
  upload_not_image: () => msg`The file is not a picture. Choose a JPEG, PNG or WebP photo.`,
  upload_too_large: ({ max }) => (max ? msg`The picture is too large: at most ${max}.` : msg`The picture is too large.`),
  upload_too_many_pixels: ({ max }) =>
    max ? msg`The picture has too many pixels: at most ${max} megapixels.` : msg`The picture has too many pixels. Choose a smaller photo.`,
  upload_not_found: () => msg`That picture was not found among your uploads. Add it again.`,
  real_name_under_review: () => msg`Your identity is already being reviewed.`,
  real_name_verified: () => msg`Your identity is already verified.`,
  name_invalid: ({ max }) => (max ? msg`Enter your name as on your ID, at most ${max} characters.` : msg`Enter your name as on your ID.`),
  id_number_invalid: () => msg`The ID number is not valid.`,
  pan_invalid: () => msg`The PAN must be five letters, four digits and a letter, like ABCDE1234F.`,
  real_name_required: () => msg`Verify your identity first.`,
  card_holder_mismatch: () => msg`The card holder must be the verified account holder.`,
  ifsc_invalid: () => msg`The IFSC must be four letters, a zero and six letters or digits, like SBIN0001234.`,
  bank_account_invalid: () => msg`The account number must be 9 to 18 digits.`,
  bank_required: () => msg`Enter the bank and the branch.`,
  card_duplicate: () => msg`This card is already in your list.`,
  fund_password_format: () => msg`The fund password is six digits.`,
  fund_password_wrong: () => msg`The fund password is wrong.`,
  // Withdrawals (issue 4)
  withdrawal_disabled: ({ reason }) => (reason ? msg`Withdrawals are disabled for this account: ${reason}` : msg`Withdrawals are disabled for this account.`),
  fund_password_not_set: () => msg`Set a fund password first.`,
  card_not_found: () => msg`Choose one of your bank cards.`,
  outside_window: ({ from, to, days }) =>
    from && to
      ? days === 'weekdays'
        ? msg`This can be done on weekdays from ${from} to ${to} India time.`
        : msg`This can be done from ${from} to ${to} India time.`
      : msg`This cannot be done at this hour.`,
  fund_operation_pending: () => msg`Another money request is still being reviewed. Try again once it is decided.`,
  // Currency exchange (issue 4)
  amount_invalid: () => msg`Enter an amount above zero.`,
  // Two-step sign-in and closed accounts (issue 13): shown on the login and withdrawal screens
  account_closed: () => msg`This account has been closed at your request and can no longer be used.`,
  totp_required: () => msg`Enter the 6-digit code from your authenticator app, or a recovery code.`,
  totp_invalid: () => msg`That code is not valid. Check your authenticator app and try again.`,
  // Client-side: a market order queued offline too long ago waits for the user's confirmation.
  market_order_stale: ({ createdAt }) =>
    createdAt
      ? msg`This market order was placed at ${createdAt} and not sent yet. Confirm it at the current price or discard it.`
      : msg`This market order waited too long to be sent. Confirm it at the current price or discard it.`,
  // Back office (the operators' own screens) and reviews
  reason_required: () => msg`Write the reason the user will see.`,
  review_already_decided: () => msg`This request has already been decided.`,
  operator_name_invalid: () => msg`Use 3 to 32 lower-case letters, digits, dot, dash or underscore.`,
  operator_exists: () => msg`That username is taken.`,
  // Protocol codes from the envelope contract.
  unauthorized: () => msg`Your session has ended. Please log in again.`,
  request_in_flight: () => msg`This request is still being processed. Please wait a moment.`,
  idempotency_key_reused: () => msg`This request was already used for a different action.`,
  request_withdrawn: () => msg`The request was withdrawn before it was carried out.`,
  idempotency_key_required: () => msg`This request could not be sent safely. Please try again.`,
  bad_request: ({ field }) =>
    field ? msg`Please check the field "${field}".` : msg`Some of the details are not valid.`,
  not_found: () => msg`This function is not available on the server.`,
  internal_error: () => msg`Something went wrong on the server. Please try again later.`,
  // Client-side codes: an outbox item older than 7 days, and no connection.
  expired: () => msg`This action waited more than 7 days to be sent and was cancelled.`,
  network: () => msg`Cannot reach the server. Check your connection.`,
} satisfies Partial<Sentences>

const byCode: Sentences = { ...core, ...fundsRefusals, ...ipoRefusals, ...blockRefusals, ...followRefusals, ...loanRefusals, ...supportRefusals, ...inboxRefusals, ...quizRefusals, ...privacyRefusals }

type LegacyEntry = (values: readonly string[]) => MessageDescriptor

const at = (values: readonly string[], i: number): string => values[i] ?? ''

/**
 * Messages of the older server, keyed by their template after `legacyTemplate` (numbers and
 * times replaced by {0}, {1}, ...; trailing punctuation dropped; commas full-width).
 */
const legacy: Record<string, LegacyEntry> = {
  今日已签到: () => msg`You have already signed in today.`,
  签到成功: () => msg`Signed in for today.`,
  余额不足: () => msg`Insufficient balance.`,
  '单笔最低提现金额{0}': (v) => {
    const min = at(v, 0)
    return msg`The minimum for one withdrawal is ${min}.`
  },
  '单笔最高提现金额{0}': (v) => {
    const max = at(v, 0)
    return msg`The maximum for one withdrawal is ${max}.`
  },
  '最低充值金额{0}': (v) => {
    const min = at(v, 0)
    return msg`The minimum deposit is ${min}.`
  },
  '请在{0}时间段内操作': (v) => {
    const hours = at(v, 0)
    return msg`This can only be done between ${hours}.`
  },
  '操作过于频繁，请{0}秒后再试': (v) => {
    const seconds = at(v, 0)
    return msg`Too many attempts. Try again in ${seconds} seconds.`
  },
  '登录已过期，请重新登录': () => msg`Your session has ended. Please log in again.`,
  请先登录: () => msg`Please log in first.`,
  账号或密码错误: () => msg`Wrong mobile number or password.`,
  密码错误: () => msg`The current password is wrong.`,
  两次密码输入不一致: () => msg`The two passwords do not match.`,
  账号已存在: () => msg`An account with this mobile number already exists.`,
  邀请码错误: () => msg`This invite code is not valid.`,
  账号已冻结: () => msg`This account is frozen.`,
  资金密码错误: () => msg`The fund password is wrong.`,
  请先实名认证: () => msg`Please complete identity verification first.`,
  非交易时间: () => msg`The market is closed now.`,
  参数错误: () => msg`Some of the details are not valid.`,
  操作成功: () => msg`Done.`,
}

/** The old server's messages this client recognises (their templates); tests check each one. */
export const LEGACY_TEMPLATES = Object.keys(legacy)

// A clock range (09:30:00-24:00:00, 9:30~15:00) or a single time counts as one value, so a
// range is restored whole; then plain numbers, with optional grouping and decimals.
const TIME = String.raw`\d{1,2}:\d{2}(?::\d{2})?`
const VALUE = new RegExp(String.raw`${TIME}(?:\s*[-~～至到]\s*${TIME})?|\d+(?:,\d{3})*(?:\.\d+)?`, 'g')
const HAN = /\p{Script=Han}/u

/** The lookup key of an old server message and the values taken out of it. */
export function legacyTemplate(message: string): { template: string; values: string[] } {
  const values: string[] = []
  const template = message
    .trim()
    .replace(VALUE, (value) => `{${values.push(value) - 1}}`)
    .replace(/[。！!.\s]+$/u, '')
    .replaceAll(',', '，')
  return { template, values }
}

function translateLegacy(message: string): string {
  const { template, values } = legacyTemplate(message)
  const entry = Object.hasOwn(legacy, template) ? legacy[template] : undefined
  if (entry) return i18n._(entry(values))
  // Chinese we cannot translate would be unreadable to most users; English passes through.
  if (HAN.test(message) || message.trim() === '') return i18n._(msg`Error`)
  return message
}

// hasOwn, so a code such as "constructor" cannot reach Object.prototype.
function isShownCode(code: string): code is ShownCode {
  return Object.hasOwn(refusalParams, code) || Object.hasOwn(clientRefusalParams, code)
}

/**
 * The reader's sentence for a refusal: by code with its params when the code is known,
 * otherwise by the legacy path on `msg`.
 */
export function translateRefusal({ code, params, msg: message }: RefusalLike): string {
  if (code && isShownCode(code)) {
    const entry: (p: Formatted) => MessageDescriptor = byCode[code]
    const descriptor = entry(formatParams(code, params ?? {}))
    // An area's sentence before its catalog has loaded (an item queued there, refused at the next
    // start): the server's own English sentence rather than an ID.
    if (message && !HAN.test(message) && descriptor.id !== undefined && !Object.hasOwn(i18n.messages, descriptor.id)) return message
    return i18n._(descriptor)
  }
  return translateLegacy(message ?? '')
}
