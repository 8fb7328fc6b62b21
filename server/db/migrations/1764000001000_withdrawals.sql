-- Issue 4: withdrawals. The amount is frozen (a ledger entry) when the request is accepted; the
-- review pays it out of frozen or gives it back to available (another entry), exactly once.
CREATE TABLE withdrawals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  card_id bigint NOT NULL REFERENCES bank_cards (id),
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  decided_by text,
  created_at bigint NOT NULL,
  decided_at bigint
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
CREATE INDEX withdrawals_pending ON withdrawals (created_at) WHERE status = 'pending';
