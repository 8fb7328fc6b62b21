-- Issue 14: the loan job asks only for the loans whose next interest day has fallen, through an
-- index, instead of computing each borrowing loan's next day in a scan. Day k of a loan falls at
-- disbursed_at + k days (1764400000000_loans); 86400000 is DAY_MS of src/lib/loan.ts.
ALTER TABLE loans ADD COLUMN next_interest_at bigint
  GENERATED ALWAYS AS (disbursed_at + (accrued_days + 1)::bigint * 86400000) STORED;
CREATE INDEX loans_interest_due_idx ON loans (next_interest_at, id) WHERE status = 'borrowing';
