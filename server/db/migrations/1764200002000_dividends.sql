-- Issue 10: dividends of the simulated market paid to holders. Times are epoch milliseconds
-- (bigint), money integer paise (bigint). Runs unchanged on PGlite and PostgreSQL 15.

-- One row per dividend the feed paid (a 'dividend' adjustment of a stock's market day). The
-- amount per share is the feed's, never typed; the record date is the ex-date (India's T+1).
CREATE TABLE dividends (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  symbol text NOT NULL,
  ex_day text NOT NULL,
  per_share bigint NOT NULL CHECK (per_share > 0),
  record_at bigint NOT NULL,
  pay_at bigint NOT NULL CHECK (pay_at >= record_at),
  application_required boolean NOT NULL,
  -- Set once the holders at the record date have their entitlements.
  entitled_at bigint,
  created_at bigint NOT NULL,
  UNIQUE (symbol, ex_day)
);
CREATE INDEX dividends_unentitled_idx ON dividends (record_at) WHERE entitled_at IS NULL;

-- What one long position held at the record date is owed: shares x per share.
CREATE TABLE dividend_entitlements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dividend_id bigint NOT NULL REFERENCES dividends (id),
  user_id bigint NOT NULL REFERENCES users (id),
  order_id bigint NOT NULL REFERENCES orders (id),
  shares bigint NOT NULL CHECK (shares > 0),
  amount bigint NOT NULL CHECK (amount > 0),
  -- scheduled: paid on the pay date; unclaimed: an application is needed; applied: under review;
  -- approved: paid on the pay date; rejected (with the review's reason); paid.
  status text NOT NULL CHECK (status IN ('scheduled', 'unclaimed', 'applied', 'approved', 'rejected', 'paid')),
  reason text,
  paid_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (dividend_id, order_id)
);
CREATE INDEX dividend_entitlements_user_idx ON dividend_entitlements (user_id, id DESC);
CREATE INDEX dividend_entitlements_due_idx ON dividend_entitlements (dividend_id) WHERE status IN ('scheduled', 'approved');

-- An application for an entitlement (where config requires one), decided in the review queues:
-- approve or reject with a reason; nothing can change the amount.
CREATE TABLE dividend_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entitlement_id bigint NOT NULL UNIQUE REFERENCES dividend_entitlements (id),
  user_id bigint NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  decided_by text,
  created_at bigint NOT NULL,
  decided_at bigint
);
CREATE INDEX dividend_applications_pending_idx ON dividend_applications (created_at) WHERE status = 'pending';
