-- Issue 11: block trades. An offering sells a published number of shares of a listed stock in a
-- window, at a discount to a reference price the feed gives when the window opens. Times are
-- epoch milliseconds (bigint), money integer paise (bigint). Runs unchanged on PGlite and
-- PostgreSQL 15.

-- Created for future windows only and never edited: the back office may cancel one before its
-- allocation, nothing else. The job (server/block/lifecycle.ts) stamps each step it takes.
CREATE TABLE block_offerings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  symbol text NOT NULL,
  name text NOT NULL,
  session text NOT NULL CHECK (session IN ('morning', 'afternoon')),
  shares bigint NOT NULL CHECK (shares > 0),
  lot_size integer NOT NULL CHECK (lot_size > 0),
  opens_at bigint NOT NULL,
  closes_at bigint NOT NULL,
  allocate_at bigint NOT NULL,
  -- morning: the previous close; afternoon: the volume-weighted average of [reference_from, reference_to).
  reference_kind text NOT NULL CHECK (reference_kind IN ('previous_close', 'vwap')),
  reference_from bigint,
  reference_to bigint,
  discount_bps integer NOT NULL CHECK (discount_bps BETWEEN 0 AND 10000),
  band_bps integer NOT NULL CHECK (band_bps BETWEEN 0 AND 10000),
  min_shares bigint NOT NULL CHECK (min_shares > 0),
  min_amount bigint NOT NULL CHECK (min_amount >= 0),
  lock_unit text NOT NULL CHECK (lock_unit IN ('day', 'minute')),
  lock_count integer NOT NULL CHECK (lock_count >= 0),
  -- The remainder draw (src/contract/draw.ts): the seed stays secret until allocated_at; its sha256 is public from the start.
  seed text NOT NULL,
  commitment text NOT NULL,
  beacon text NOT NULL DEFAULT '',
  -- Fixed from the feed when the window opens (priced_at).
  reference_price bigint CHECK (reference_price > 0),
  price bigint CHECK (price > 0),
  priced_at bigint,
  digest text,
  allocated_at bigint,
  cancelled_at bigint,
  cancel_reason text,
  created_by text NOT NULL,
  created_at bigint NOT NULL,
  CHECK (opens_at < closes_at AND closes_at <= allocate_at),
  CHECK (discount_bps <= band_bps),
  CHECK ((session = 'morning') = (reference_kind = 'previous_close')),
  CHECK (reference_kind = 'previous_close' OR (reference_from < reference_to AND reference_to <= opens_at)),
  CHECK ((price IS NULL) = (reference_price IS NULL)),
  CHECK (cancelled_at IS NULL OR allocated_at IS NULL)
);
CREATE INDEX block_offerings_opens_idx ON block_offerings (opens_at DESC);

-- One application per user per offering: a unique index, not a check two requests could both pass.
CREATE TABLE block_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  offering_id bigint NOT NULL REFERENCES block_offerings (id),
  user_id bigint NOT NULL REFERENCES users (id),
  -- The public reference the draw lists (random, naming no one).
  ref text NOT NULL,
  shares bigint NOT NULL CHECK (shares > 0),
  price bigint NOT NULL CHECK (price > 0),
  amount bigint NOT NULL CHECK (amount > 0),
  -- Handling fee and stamp duty on amount, as a buy order pays them.
  fee bigint NOT NULL CHECK (fee >= 0),
  -- amount + fee, frozen until the allocation.
  frozen bigint NOT NULL CHECK (frozen = amount + fee),
  status text NOT NULL CHECK (status IN ('applied', 'allocated', 'not_allocated', 'cancelled')),
  rank integer,
  allocated_shares bigint NOT NULL DEFAULT 0 CHECK (allocated_shares >= 0 AND allocated_shares <= shares),
  paid bigint NOT NULL DEFAULT 0 CHECK (paid >= 0 AND paid <= frozen),
  order_id bigint REFERENCES orders (id),
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (offering_id, user_id),
  UNIQUE (offering_id, ref)
);
CREATE INDEX block_applications_user_idx ON block_applications (user_id, id DESC);
