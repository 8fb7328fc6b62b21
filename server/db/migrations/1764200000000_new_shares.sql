-- Issue 10: new-share issues (IPOs) and their applications. Times are epoch milliseconds
-- (bigint), money integer paise (bigint). Runs unchanged on PGlite and PostgreSQL 15.

-- An issue is created for future windows only and never edited: the back office may cancel it
-- before its draw, nothing else. The job (server/ipo/lifecycle.ts) stamps each step it takes.
CREATE TABLE ipo_issues (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  symbol text NOT NULL UNIQUE,
  name text NOT NULL,
  sector text NOT NULL,
  industry text NOT NULL,
  shares_outstanding bigint NOT NULL CHECK (shares_outstanding > 0),
  free_float_bp integer NOT NULL CHECK (free_float_bp BETWEEN 1 AND 10000),
  price bigint NOT NULL CHECK (price > 0),
  lot_size integer NOT NULL CHECK (lot_size > 0),
  min_lots integer NOT NULL CHECK (min_lots > 0),
  retail_shares bigint NOT NULL CHECK (retail_shares >= lot_size * min_lots),
  payment_mode text NOT NULL CHECK (payment_mode IN ('blocked', 'pay_after_win')),
  opens_at bigint NOT NULL,
  closes_at bigint NOT NULL,
  draw_at bigint NOT NULL,
  refund_at bigint NOT NULL,
  listing_at bigint NOT NULL,
  -- The draw (src/contract/draw.ts): the seed stays secret until drawn_at; its sha256 is public from the start.
  seed text NOT NULL,
  commitment text NOT NULL,
  beacon text NOT NULL DEFAULT '',
  digest text,
  frozen_at bigint,
  drawn_at bigint,
  settled_at bigint,
  listed_at bigint,
  cancelled_at bigint,
  cancel_reason text,
  created_by text NOT NULL,
  created_at bigint NOT NULL,
  CHECK (opens_at < closes_at AND closes_at < draw_at AND draw_at < refund_at AND refund_at < listing_at),
  CHECK (cancelled_at IS NULL OR drawn_at IS NULL)
);
CREATE INDEX ipo_issues_opens_idx ON ipo_issues (opens_at DESC);

-- One row per application; a user's PAN is copied in so "one application per PAN per issue" is a
-- unique index, not a check that two requests could both pass.
CREATE TABLE ipo_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  issue_id bigint NOT NULL REFERENCES ipo_issues (id),
  user_id bigint NOT NULL REFERENCES users (id),
  pan text NOT NULL,
  -- The public reference the draw lists (random, no name or PAN in it).
  ref text NOT NULL,
  lots integer NOT NULL CHECK (lots > 0),
  -- lots x lot size x price: what a blocked application froze.
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('applied', 'won', 'not_won', 'pending_payment', 'paid', 'waived', 'payment_failed', 'refunded', 'listed', 'cancelled')),
  rank integer,
  allotted_lots integer NOT NULL DEFAULT 0 CHECK (allotted_lots >= 0 AND allotted_lots <= lots),
  paid_lots integer NOT NULL DEFAULT 0 CHECK (paid_lots >= 0 AND paid_lots <= allotted_lots),
  pay_deadline bigint,
  order_id bigint REFERENCES orders (id),
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (issue_id, ref),
  UNIQUE (issue_id, pan)
);
CREATE INDEX ipo_applications_user_idx ON ipo_applications (user_id, id DESC);
CREATE INDEX ipo_applications_issue_idx ON ipo_applications (issue_id, rank);
