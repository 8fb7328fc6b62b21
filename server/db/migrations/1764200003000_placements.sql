-- Issue 10: placements. A placement is an issue of its own kind: a fixed number of shares at a
-- fixed price, a minimum amount for its tier, allotted in proportion to the amount applied
-- (src/contract/draw.ts step 9). Its minimum application in lots (min_lots) is the tier's
-- minimum amount rounded up to whole lots, fixed when it is created.
ALTER TABLE ipo_issues ADD COLUMN kind text NOT NULL DEFAULT 'ipo' CHECK (kind IN ('ipo', 'placement'));
ALTER TABLE ipo_issues ADD COLUMN min_amount bigint CHECK (min_amount > 0);
ALTER TABLE ipo_issues ADD CONSTRAINT ipo_issues_placement_min_amount CHECK (kind = 'ipo' OR min_amount IS NOT NULL);
CREATE INDEX ipo_issues_kind_opens_idx ON ipo_issues (kind, opens_at DESC);
