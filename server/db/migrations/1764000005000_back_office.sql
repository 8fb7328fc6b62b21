-- Issue 4: the back office. Operators are not users: their own accounts and sessions (only the
-- sha256 of a token is kept), and an append-only audit log of everything they do. Nothing here
-- can hold a balance, a price or an outcome (DESIGN.md section 5).

CREATE TABLE operators (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL UNIQUE CHECK (username ~ '^[a-z0-9_.-]{3,32}$'),
  password_hash text NOT NULL,
  -- Null for the first operator, made from the environment at start.
  created_by text,
  created_at bigint NOT NULL
);

CREATE TABLE operator_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  token_hash text NOT NULL UNIQUE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  revoked_at bigint
);

-- Written in the same transaction as the action it records, so neither exists without the other.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator text NOT NULL,
  action text NOT NULL,
  user_id bigint REFERENCES users (id),
  -- What was acted on, e.g. 'withdrawal:12', 'upload:7', 'flag:no_trade'.
  subject text,
  -- JSON text: the same on PGlite and PostgreSQL drivers, and only ever shown, never queried.
  detail text NOT NULL DEFAULT '{}',
  at bigint NOT NULL
);
CREATE INDEX audit_log_user ON audit_log (user_id, id);
