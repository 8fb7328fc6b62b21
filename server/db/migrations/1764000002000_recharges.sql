-- Issue 4: deposits (recharges). The user transfers money outside the app (bank transfer, UPI or
-- USDT to a published channel), then asks for the credit with the amount and a receipt picture;
-- the review credits it (one ledger entry, house:deposits -> the user's available) or rejects it
-- with a reason the user sees, exactly once. Times are epoch milliseconds.
CREATE TABLE recharges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  -- The id of one of config.rechargeChannels when the request was made ('bank', 'upi', 'usdt').
  channel text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  -- One receipt proves one transfer: it cannot be sent with a second request.
  receipt_upload_id bigint NOT NULL UNIQUE REFERENCES uploads (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  decided_by text,
  created_at bigint NOT NULL,
  decided_at bigint
);
CREATE INDEX recharges_user ON recharges (user_id, id);
-- The reviewers' queue, oldest first.
CREATE INDEX recharges_pending ON recharges (created_at) WHERE status = 'pending';
-- At most one recharge under review per user (the route refuses a second with
-- fund_operation_pending, under the user's lock; this holds whatever the races).
CREATE UNIQUE INDEX recharges_one_pending ON recharges (user_id) WHERE status = 'pending';
