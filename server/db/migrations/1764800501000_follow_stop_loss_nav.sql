-- Issue 14: the copy-trading job's stop-loss sweep asks for what a NAV reaches instead of testing
-- every open investment that has a stop-loss. Each such investment stores the highest NAV at which
-- its stop-loss is hit (server/follow/nav-rules.ts stopLossNav): floor(units x nav / 100000) is
-- at most s = floor(amount x (100 - percent) / 100) exactly when nav <= ceil((s + 1) x 100000 /
-- units) - 1. Rows from before this migration get the same value here, in exact numeric arithmetic.
ALTER TABLE follow_investments ADD COLUMN stop_loss_nav bigint;
UPDATE follow_investments
  SET stop_loss_nav = ceil(((amount * (100 - stop_loss_percent)) / 100 + 1)::numeric * 100000 / units)::bigint - 1
  WHERE stop_loss_percent IS NOT NULL;
ALTER TABLE follow_investments ADD CHECK ((stop_loss_percent IS NULL) = (stop_loss_nav IS NULL));
CREATE INDEX follow_investments_stop_idx ON follow_investments (product_id, stop_loss_nav) WHERE status = 'in_progress' AND stop_loss_nav IS NOT NULL;
