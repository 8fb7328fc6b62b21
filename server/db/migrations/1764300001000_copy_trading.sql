-- Issue 11: copy-trading. Strategies the server runs on the simulated feed's daily closes, their
-- trades and daily NAV, the products users put money into, and the investments. Times are epoch
-- milliseconds (bigint), money integer paise (bigint), NAV in 1/10,000 rupee, units in thousandths.

-- A strategy's rule is fixed at creation and published (params, universe); it never changes.
CREATE TABLE follow_strategies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL CHECK (code IN ('index_tracker', 'momentum', 'mean_reversion')),
  name text NOT NULL,
  params text NOT NULL,
  universe text NOT NULL,
  start_day text NOT NULL,
  capital bigint NOT NULL CHECK (capital > 0),
  created_at bigint NOT NULL
);

-- Where a strategy's run stands after its last processed close: the job's only mutable state,
-- updated in the same transaction as that day's trades and NAV (so a day is run once).
CREATE TABLE follow_runs (
  strategy_id bigint PRIMARY KEY REFERENCES follow_strategies (id),
  last_day text,
  cash bigint NOT NULL CHECK (cash >= 0),
  holdings text NOT NULL,
  state text NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE follow_trades (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  strategy_id bigint NOT NULL REFERENCES follow_strategies (id),
  day text NOT NULL,
  seq integer NOT NULL,
  time bigint NOT NULL,
  symbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  qty bigint NOT NULL CHECK (qty > 0),
  price bigint NOT NULL CHECK (price > 0),
  fees bigint NOT NULL CHECK (fees >= 0),
  UNIQUE (strategy_id, day, seq)
);

CREATE TABLE follow_navs (
  strategy_id bigint NOT NULL REFERENCES follow_strategies (id),
  day text NOT NULL,
  nav bigint NOT NULL CHECK (nav >= 0),
  PRIMARY KEY (strategy_id, day)
);

CREATE TABLE follow_products (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number text NOT NULL UNIQUE,
  name text NOT NULL,
  strategy_id bigint NOT NULL REFERENCES follow_strategies (id),
  min_amount bigint NOT NULL CHECK (min_amount > 0),
  fund_size bigint NOT NULL CHECK (fund_size >= min_amount),
  deadline bigint NOT NULL,
  lock_unit text NOT NULL CHECK (lock_unit IN ('day', 'minute')),
  lock_count integer NOT NULL CHECK (lock_count >= 0),
  created_at bigint NOT NULL
);

CREATE TABLE follow_investments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  product_id bigint NOT NULL REFERENCES follow_products (id),
  -- floor(units x nav_at_invest / 100000): exactly what left the user's cash.
  amount bigint NOT NULL CHECK (amount > 0),
  units bigint NOT NULL CHECK (units > 0),
  nav_at_invest bigint NOT NULL CHECK (nav_at_invest > 0),
  stop_loss_percent integer CHECK (stop_loss_percent BETWEEN 1 AND 99),
  unlock_at bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('in_progress', 'ended')),
  end_reason text CHECK (end_reason IN ('redeemed', 'stop_loss')),
  ended_at bigint,
  redeemed_amount bigint,
  redeemed_nav bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  CHECK ((status = 'ended') = (ended_at IS NOT NULL AND end_reason IS NOT NULL AND redeemed_amount IS NOT NULL AND redeemed_nav IS NOT NULL))
);
CREATE INDEX follow_investments_user_idx ON follow_investments (user_id, id DESC);
CREATE INDEX follow_investments_open_idx ON follow_investments (product_id) WHERE status = 'in_progress';
