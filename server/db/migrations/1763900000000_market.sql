-- Issue 3: the simulated exchange. Minute bars are never stored: a day's bars are regenerated
-- from (seed, symbol, day, start_close, calendar) in about a tenth of a millisecond, so only one
-- row per instrument and India day is kept. Prices in the instrument's price units.

-- market_settings holds the SECRET simulation seed (it predicts future prices; never published)
-- and the India day of the first start (days before it were backfilled on the real calendars).
CREATE TABLE market_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE market_days (
  symbol text NOT NULL,
  day text NOT NULL,
  -- The calendar whose minutes made the day, so a later switch (demo 24/7) cannot rewrite it.
  calendar text NOT NULL CHECK (calendar IN ('nse', 'currency', 'crypto', 'always')),
  -- The unadjusted close the day continued from (simulateDay's previousClose).
  start_close bigint NOT NULL,
  -- The base of the day's change: start_close after a split that day.
  prev_close bigint NOT NULL,
  open bigint NOT NULL,
  high bigint NOT NULL,
  low bigint NOT NULL,
  close bigint NOT NULL,
  volume bigint NOT NULL,
  amount bigint NOT NULL,
  -- The day's corporate actions as they happened (simulation.PriceAdjustment[]), JSON.
  adjustments text NOT NULL DEFAULT '[]',
  PRIMARY KEY (symbol, day)
);
