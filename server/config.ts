/**
 * The server's published rules. Every limit the server enforces lives here, and /common/config
 * publishes all of them so the UI can show the rule that refuses (DESIGN.md section 2).
 */
import { type Paise } from './domain/money'

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
  loginLimitAccount: number
  loginLimitIp: number
  loginWindowSeconds: number
  tokenTtlSeconds: number
  /** Clients keep queued work for 7 days, so keys outlive that by a day. */
  idempotencyTtlSeconds: number
  /** A claim older than this belongs to a request that died; another may take the key over. */
  idempotencyLeaseSeconds: number
  demoInviteCode: string
}

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
    loginLimitAccount: 5,
    loginLimitIp: 20,
    loginWindowSeconds: 900,
    tokenTtlSeconds: 604_800,
    idempotencyTtlSeconds: 691_200,
    idempotencyLeaseSeconds: 30,
    demoInviteCode: 'TIJORI',
    ...overrides,
  }
}

export type ConfigItem = { name: string; value: string }

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
    { name: 'login_limit_account', value: String(config.loginLimitAccount) },
    { name: 'login_limit_ip', value: String(config.loginLimitIp) },
    { name: 'login_window_seconds', value: String(config.loginWindowSeconds) },
    { name: 'token_ttl_seconds', value: String(config.tokenTtlSeconds) },
    { name: 'idempotency_ttl_seconds', value: String(config.idempotencyTtlSeconds) },
  ]
  // The demo code is public only where anyone may try the app; production invites stay private.
  if (config.profile === 'demo') items.push({ name: 'demo_invite_code', value: config.demoInviteCode })
  return items
}
