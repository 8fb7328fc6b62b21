-- Issue 2: accounts, sessions, invite codes, account flags, login failures, the double-entry
-- ledger, daily sign-ins, idempotency keys and news. Times are epoch milliseconds (bigint),
-- money is integer paise (bigint). Runs unchanged on PGlite and PostgreSQL 15.

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  fund_password_hash text,
  invited_by_code text NOT NULL,
  real_name_status text NOT NULL DEFAULT 'none'
    CHECK (real_name_status IN ('none', 'pending', 'verified', 'failed')),
  real_name text,
  real_name_reason text,
  created_at bigint NOT NULL
);

-- One table for every code so organisation codes and users' own codes can never collide.
-- owner_user_id is null for an organisation code.
CREATE TABLE invite_codes (
  code text PRIMARY KEY,
  owner_user_id bigint UNIQUE REFERENCES users (id),
  note text,
  created_at bigint NOT NULL
);

ALTER TABLE users ADD CONSTRAINT users_invited_by_code_fkey
  FOREIGN KEY (invited_by_code) REFERENCES invite_codes (code);

-- A session is known only by the sha256 of its token.
CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  client_ip text,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  revoked_at bigint
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- A row means the flag is on; the back office (a later issue) sets and clears rows with an audit log.
CREATE TABLE account_flags (
  user_id bigint NOT NULL REFERENCES users (id),
  flag text NOT NULL CHECK (flag IN ('frozen', 'login_banned', 'disabled', 'no_trade', 'no_withdraw')),
  reason text NOT NULL,
  set_by text,
  set_at bigint NOT NULL,
  PRIMARY KEY (user_id, flag)
);

-- Failed sign-ins, kept in the database so every API process sees the same counts (DESIGN.md 7).
CREATE TABLE login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL,
  client_ip text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX login_failures_account_idx ON login_failures (account, at);
CREATE INDEX login_failures_ip_idx ON login_failures (client_ip, at);

CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reason text NOT NULL,
  reference text,
  operator text,
  created_at bigint NOT NULL
);

CREATE TABLE ledger_legs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES ledger_entries (id),
  account text NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0)
);
CREATE INDEX ledger_legs_account_idx ON ledger_legs (account, currency);
CREATE INDEX ledger_legs_entry_idx ON ledger_legs (entry_id);

-- Second line of defence behind the domain code: at commit, every entry touched must sum to
-- zero per currency.
CREATE FUNCTION ledger_entry_must_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM ledger_legs WHERE entry_id = NEW.entry_id GROUP BY currency HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'ledger entry % does not sum to zero', NEW.entry_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER ledger_legs_balance
  AFTER INSERT OR UPDATE ON ledger_legs
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_must_balance();

-- One row per user per India day: the primary key is the once-a-day rule.
CREATE TABLE sign_ins (
  user_id bigint NOT NULL REFERENCES users (id),
  day text NOT NULL,
  reward bigint NOT NULL,
  entry_id bigint NOT NULL REFERENCES ledger_entries (id),
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, day)
);

-- scope is 'user:<id>' or 'anon'. reply_body is the exact JSON sent the first time.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_flight', 'done')),
  lease_id text,
  lease_until bigint,
  status_code integer,
  reply_body text,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);

CREATE TABLE news_articles (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  image text,
  published_at bigint NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX news_articles_published_idx ON news_articles (published_at DESC, id DESC);

CREATE TABLE news_translations (
  article_id bigint NOT NULL REFERENCES news_articles (id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN ('en', 'tw', 'kr', 'yd')),
  title text NOT NULL,
  summary text NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (article_id, lang)
);
