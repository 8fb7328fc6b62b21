-- Issue 3: orders and the positions they open, the watchlist, and the margin-trading switch.
-- Times are epoch milliseconds (bigint), money integer paise (bigint), prices whole units of the
-- instrument's price scale. Runs unchanged on PGlite and PostgreSQL 15.

-- Above leverage 1 an account needs margin trading on (DESIGN.md section 4; the quiz turns it on).
ALTER TABLE users ADD COLUMN margin_trading boolean NOT NULL DEFAULT false;

-- One row per order, which is also the position it opens: a pending limit order becomes a
-- locked/holding position when it fills, so the order number the user sees never changes.
-- Every cash effect of a row is a ledger entry whose reference is its order_no.
CREATE TABLE orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text GENERATED ALWAYS AS ('T' || lpad(id::text, 10, '0')) STORED UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  symbol text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('stock', 'forex', 'crypto')),
  type text NOT NULL CHECK (type IN ('market', 'limit')),
  direction text NOT NULL CHECK (direction IN ('long', 'short')),
  lots integer NOT NULL CHECK (lots > 0),
  quantity bigint NOT NULL CHECK (quantity > 0),
  unit_divisor bigint NOT NULL CHECK (unit_divisor > 0),
  quantity_scale bigint NOT NULL CHECK (quantity_scale > 0),
  leverage integer NOT NULL CHECK (leverage > 0),
  day_trading boolean NOT NULL,
  limit_price bigint CHECK (limit_price > 0),
  entry_price bigint,
  exit_price bigint,
  -- The opening side, fixed when the order is placed (at the limit for a limit order, which fills there).
  margin bigint NOT NULL CHECK (margin > 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  stamp_duty bigint NOT NULL CHECK (stamp_duty >= 0),
  total_debit bigint NOT NULL,
  -- The closing side, once settled.
  close_fee bigint,
  close_stamp_duty bigint,
  pnl bigint,
  cash_returned bigint,
  -- Stored status; 'locked' is shown as 'holding' from unlock_at on without waiting for a sweep.
  status text NOT NULL CHECK (status IN ('pending', 'cancelled', 'locked', 'holding', 'preparing_to_close', 'closed')),
  unlock_at bigint,
  created_at bigint NOT NULL,
  opened_at bigint,
  closed_at bigint,
  close_reason text CHECK (close_reason IN ('user', 'stop_out', 'square_off')),
  updated_at bigint NOT NULL,
  CHECK (type = 'market' OR limit_price IS NOT NULL),
  CHECK (total_debit = margin + fee + stamp_duty)
);
-- The user's lists, newest first, all or by status.
CREATE INDEX orders_user_idx ON orders (user_id, id DESC);
CREATE INDEX orders_user_status_idx ON orders (user_id, status, id DESC);
-- The engine's scans: resting limit orders, and positions that may be stopped out, squared off or settled.
CREATE INDEX orders_pending_idx ON orders (symbol) WHERE status = 'pending';
CREATE INDEX orders_open_idx ON orders (symbol) WHERE status IN ('locked', 'holding', 'preparing_to_close');

CREATE TABLE watchlist (
  user_id bigint NOT NULL REFERENCES users (id),
  symbol text NOT NULL,
  added_at bigint NOT NULL,
  PRIMARY KEY (user_id, symbol)
);
CREATE INDEX watchlist_user_added_idx ON watchlist (user_id, added_at DESC);

-- Fund records page through the user's entries newest first: the legs of the user's two pockets.
CREATE INDEX ledger_legs_account_entry_idx ON ledger_legs (account, entry_id DESC);
