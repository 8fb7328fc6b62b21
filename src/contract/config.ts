/**
 * The names /common/config publishes (POST /common/config -> [{name, value}], values strings),
 * declared once: the server's publishedConfig (server/config.ts) can publish only these, and the
 * app's readers (src/data/config.ts, useConfig) take only these, so a name renamed on one side is
 * a type error on the other. A test checks the server publishes every one.
 */
export const CONFIG_NAMES = [
  // site
  'site_title',
  'site_logo',
  'profile',
  'market_simulated',
  'currency',
  'timezone',
  // accounts
  'password_min',
  'password_max',
  'signin_reward',
  'news_page_size',
  'news_page_max',
  // guess limits (server/accounts/guess-limit-rules.ts)
  'login_limit_account_ip',
  'login_limit_ip',
  'login_slow_after',
  'login_delay_base_ms',
  'login_delay_max_ms',
  'login_window_seconds',
  'password_check_limit',
  'registration_limit_ip',
  'registration_window_seconds',
  'token_ttl_seconds',
  'idempotency_ttl_seconds',
  // market
  'market_always_open',
  'market_hours',
  'market_holidays',
  'stream_interval_ms',
  'stream_max_symbols',
  'stock_page_size',
  'stock_page_max',
  // trading
  'lot_size',
  'lot_crypto_micro',
  'lot_forex_units',
  'max_lots_per_order',
  'leverages',
  'handling_fee_per_lakh',
  'min_handling_fee',
  'stamp_duty_per_lakh',
  'price_band_pct',
  'lock_unit',
  'lock_count',
  'day_trading_cutoff',
  'stop_out_margin_pct',
  // money in and out
  'recharge_min',
  'recharge_window',
  'recharge_days',
  'withdraw_min',
  'withdraw_max',
  'withdraw_window',
  'withdraw_days',
  // currency exchange
  'exchange_currencies',
  'exchange_spread_per_lakh',
  'exchange_reference_rates',
  // new shares (issue 10)
  'ipo_limit_per_stock',
  'ipo_retail_max',
  'ipo_draw_algorithm',
  'ipo_beacon',
  'dividend_pay_delay_seconds',
  'dividend_application_required',
  // block trades and copy-trading (issue 11)
  'block_min_shares',
  'block_min_amount',
  'block_band_bps',
  'follow_stop_loss_min',
  'follow_stop_loss_max',
  // credit loans and VIP (issue 12)
  'loan_channel_open',
  'loan_daily_quota',
  'loan_min',
  'loan_daily_rate_per_lakh',
  'loan_term_days',
  'loan_credit_max',
  'loan_borrowable_table',
  'credit_score_rules',
  'withdraw_min_credit_score',
  'vip_window_days',
  'vip_levels',
  // knowledge quiz (issue 13)
  'quiz_min_study_seconds',
  'quiz_pass_score',
  'quiz_question_count',
  'quiz_fail_limit',
  'quiz_cooloff_hours',
  // customer service (issue 13)
  'support_reply_hours',
  'support_complaint_days',
  'support_guest_per_hour',
  // privacy (issue 13): records kept after an account is closed, and the age below which a parent consents
  'privacy_financial_years',
  'privacy_investment_years',
  'privacy_consent_age',
  // reviews and orders
  'auto_review_seconds',
  'market_order_reconfirm_seconds',
  'order_page_size',
  'order_page_max',
  // only where anyone may try the app (profile demo)
  'demo_invite_code',
] as const

export type ConfigName = (typeof CONFIG_NAMES)[number]

/** One published setting as /common/config sends it. */
export type ConfigItem = { name: ConfigName; value: string }
