-- Issue 14: the engine's work per tick follows what the tick crosses, not the size of the book.
-- Each row carries the two levels the engine acts on, fixed when they become known: the price at
-- which the stop-out rule closes the position (position-rules.ts stopOutPrice, at the fill: at
-- placement for a market order, at the fill for a limit order) and a day-trading order's
-- square-off time (squareOffAt of the India day it was placed, then of the day it opened).
-- Both depend on the configured rules (stop_out_margin_pct, the day-trading cut-off), which SQL
-- does not know, and a stop-out level with a unit divisor has no closed form: rows open before
-- this migration (and positions opened by other paths, allotments and block trades) get their
-- levels from the engine's pass in TypeScript (engine.ts fillMissingLevels), found through
-- orders_levels_missing_idx, before it asks for crossings.
ALTER TABLE orders ADD COLUMN stop_out_price bigint;
ALTER TABLE orders ADD COLUMN square_off_at bigint;

-- Resting limit orders a price crosses: a buy fills at or below its limit, a sell at or above.
CREATE INDEX orders_fill_long_idx ON orders (symbol, limit_price) WHERE status = 'pending' AND direction = 'long';
CREATE INDEX orders_fill_short_idx ON orders (symbol, limit_price) WHERE status = 'pending' AND direction = 'short';
-- Positions a price stops out: a long at or below its level, a short at or above.
CREATE INDEX orders_stop_long_idx ON orders (symbol, stop_out_price) WHERE status IN ('locked', 'holding') AND direction = 'long';
CREATE INDEX orders_stop_short_idx ON orders (symbol, stop_out_price) WHERE status IN ('locked', 'holding') AND direction = 'short';
-- Day-trading orders and positions past the cut-off, taken in batches in time order.
CREATE INDEX orders_square_off_idx ON orders (square_off_at, id) WHERE status IN ('pending', 'locked', 'holding') AND square_off_at IS NOT NULL;
-- Closes waiting for their market to open.
CREATE INDEX orders_closing_idx ON orders (symbol) WHERE status = 'preparing_to_close';
-- Locks that have passed.
CREATE INDEX orders_unlock_idx ON orders (unlock_at) WHERE status = 'locked';
-- Rows whose levels are still to be set (see above); empty in steady state.
CREATE INDEX orders_levels_missing_idx ON orders (id)
  WHERE status IN ('pending', 'locked', 'holding') AND ((status <> 'pending' AND stop_out_price IS NULL) OR (day_trading AND square_off_at IS NULL));
