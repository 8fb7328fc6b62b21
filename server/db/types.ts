/**
 * Row types of every table, as Kysely sees them. int8 columns arrive as JS numbers (see
 * parseInt8 in index.ts); times are epoch milliseconds and money is integer paise.
 * A column rename here needs a migration in migrations/.
 */
import { type Generated, type Insertable, type Selectable } from 'kysely'

export type RealNameStatus = 'none' | 'pending' | 'verified' | 'failed'

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

export type Database = {
  users: UsersTable
  invite_codes: InviteCodesTable
  sessions: SessionsTable
  account_flags: AccountFlagsTable
  login_failures: LoginFailuresTable
  ledger_entries: LedgerEntriesTable
  ledger_legs: LedgerLegsTable
  sign_ins: SignInsTable
  idempotency_keys: IdempotencyKeysTable
  news_articles: NewsArticlesTable
  news_translations: NewsTranslationsTable
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type Session = Selectable<SessionsTable>
