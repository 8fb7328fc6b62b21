-- Issue 13: privacy and account safety.
--
-- Two-step sign-in (RFC 6238 TOTP). A secret is made by /user/totp/setup and is on once a code
-- from it is confirmed (enabled_at). last_used_step is the 30-second step of the last code that
-- signed in or withdrew: a code works once (a step at or before it is refused). Recovery codes are
-- stored as sha256 of their normalised text, each used once.
CREATE TABLE totp (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  secret text NOT NULL,
  created_at bigint NOT NULL,
  enabled_at bigint,
  last_used_step bigint
);
CREATE TABLE totp_recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  code_hash text NOT NULL,
  created_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX totp_recovery_codes_user_idx ON totp_recovery_codes (user_id);

-- Deletion requests, reviewed in the back office (queue 'deletion'). At most one pending per user.
-- The retention years in force when the user asked are kept with the request: the approval keeps
-- the records for as long as the user was told.
CREATE TABLE deletion_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  financial_years integer NOT NULL CHECK (financial_years >= 0),
  investment_years integer NOT NULL CHECK (investment_years >= 0),
  reason text,
  created_at bigint NOT NULL,
  decided_at bigint,
  decided_by text
);
CREATE UNIQUE INDEX deletion_requests_pending_idx ON deletion_requests (user_id) WHERE status = 'pending';
CREATE INDEX deletion_requests_user_idx ON deletion_requests (user_id, id DESC);

-- An approved deletion closes the account for good: no sign-in, no session. What the law keeps
-- stays until these times; the rest is erased at closure.
ALTER TABLE users ADD COLUMN closed_at bigint;
ALTER TABLE users ADD COLUMN keep_financial_until bigint;
ALTER TABLE users ADD COLUMN keep_investment_until bigint;
