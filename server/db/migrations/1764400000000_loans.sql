-- Issue 12: credit loans. The application with its terms fixed (rate, term, and the score and
-- borrowable amount it was judged on), the review's decision, the payout, each interest day and
-- each repayment; and requests for credit above the borrowable table. Times are epoch
-- milliseconds (bigint), money integer paise (bigint), the rate parts per lakh a day. The ledger
-- entries named (entry_id) have no foreign key, as sign-ins' have none (1764100001000): the ledger
-- is append-only, its entries never removed.

CREATE TABLE loans (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  daily_rate_per_lakh integer NOT NULL CHECK (daily_rate_per_lakh >= 0),
  term_days integer NOT NULL CHECK (term_days > 0),
  -- What the application was judged on, for the reviewer.
  score integer NOT NULL CHECK (score >= 0),
  borrowable bigint NOT NULL CHECK (borrowable >= amount),
  -- The India day of the application, for the daily quota.
  day text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rejected', 'borrowing', 'completed', 'cancelled')),
  reason text,
  decided_by text,
  decided_at bigint,
  principal_outstanding bigint NOT NULL DEFAULT 0 CHECK (principal_outstanding >= 0 AND principal_outstanding <= amount),
  interest_outstanding bigint NOT NULL DEFAULT 0 CHECK (interest_outstanding >= 0 AND interest_outstanding <= interest_total),
  interest_total bigint NOT NULL DEFAULT 0 CHECK (interest_total >= 0),
  repaid_total bigint NOT NULL DEFAULT 0 CHECK (repaid_total >= 0),
  -- Interest days accrued so far: day k falls at disbursed_at + k days.
  accrued_days integer NOT NULL DEFAULT 0 CHECK (accrued_days >= 0),
  disbursed_at bigint,
  disbursement_entry_id bigint,
  due_at bigint,
  cooling_off_until bigint,
  completed_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  CHECK ((status IN ('borrowing', 'completed')) = (disbursed_at IS NOT NULL AND due_at IS NOT NULL AND cooling_off_until IS NOT NULL) OR status = 'cancelled'),
  CHECK ((status = 'completed') = (completed_at IS NOT NULL)),
  CHECK (status <> 'completed' OR (principal_outstanding = 0 AND interest_outstanding = 0))
);

-- One unpaid loan at a time: pending or borrowing.
CREATE UNIQUE INDEX loans_one_unpaid ON loans (user_id) WHERE status IN ('pending', 'borrowing');
CREATE INDEX loans_user ON loans (user_id, id);
CREATE INDEX loans_day ON loans (day);
CREATE INDEX loans_borrowing ON loans (id) WHERE status = 'borrowing';

-- One row per interest day of a loan, written with its ledger entry: a day is accrued once.
CREATE TABLE loan_accruals (
  loan_id bigint NOT NULL REFERENCES loans (id),
  day integer NOT NULL CHECK (day >= 1),
  principal bigint NOT NULL CHECK (principal >= 0),
  interest bigint NOT NULL CHECK (interest >= 0),
  owed_after bigint NOT NULL CHECK (owed_after >= 0),
  -- Null when the day's interest rounds to nothing (no entry moves 0).
  entry_id bigint,
  at bigint NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (loan_id, day)
);

-- Repayments, and the principal handed back when a loan is cancelled in its free first day.
CREATE TABLE loan_repayments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  loan_id bigint NOT NULL REFERENCES loans (id),
  kind text NOT NULL CHECK (kind IN ('repayment', 'cancellation')),
  amount bigint NOT NULL CHECK (amount > 0),
  interest_part bigint NOT NULL CHECK (interest_part >= 0),
  principal_part bigint NOT NULL CHECK (principal_part >= 0),
  owed_after bigint NOT NULL CHECK (owed_after >= 0),
  entry_id bigint NOT NULL,
  created_at bigint NOT NULL,
  CHECK (interest_part + principal_part = amount)
);
CREATE INDEX loan_repayments_loan ON loan_repayments (loan_id, id);

-- A request for credit above the borrowable table, reviewed like a loan; approved ones add up.
CREATE TABLE credit_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0 AND amount % 100 = 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  decided_by text,
  created_at bigint NOT NULL,
  decided_at bigint
);
CREATE UNIQUE INDEX credit_requests_one_pending ON credit_requests (user_id) WHERE status = 'pending';
CREATE INDEX credit_requests_user ON credit_requests (user_id, id);
