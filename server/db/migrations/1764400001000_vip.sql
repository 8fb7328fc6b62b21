-- Issue 12: VIP levels. A level is earned by a published threshold on one measure, the traded
-- value of the last vip_window_days (src/lib/vip.ts); the 'vip' job recomputes it and stores it
-- here, and the order service reads the stored level for the handling-fee discount. Times are
-- epoch milliseconds (bigint), money integer paise (bigint).

-- The level the job last set for an account, the measure it saw then and when it
-- last recomputed the account. An account without a row is at level 0.
CREATE TABLE vip_levels (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  level integer NOT NULL CHECK (level >= 0),
  measure bigint NOT NULL CHECK (measure >= 0),
  computed_at bigint NOT NULL
);

-- Every change the job made: the user sees it as an event. Written in the same transaction as
-- the new level, so the newest row's to_level is always the stored level.
CREATE TABLE vip_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  from_level integer NOT NULL CHECK (from_level >= 0),
  to_level integer NOT NULL CHECK (to_level >= 0 AND to_level <> from_level),
  measure bigint NOT NULL CHECK (measure >= 0),
  at bigint NOT NULL
);
CREATE INDEX vip_changes_user_idx ON vip_changes (user_id, id DESC);

-- The measure's scans: positions opened and positions closed within the window.
CREATE INDEX orders_opened_at_idx ON orders (opened_at) WHERE opened_at IS NOT NULL;
CREATE INDEX orders_closed_at_idx ON orders (closed_at) WHERE closed_at IS NOT NULL;
