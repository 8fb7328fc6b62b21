-- Issue 3, orders at speed: each user pocket's balance kept beside the legs it sums, so an order's
-- locked balance read is one row instead of a scan of the account's whole history (20,000 legs
-- cost ~10 ms even as an index-only scan). The legs stay the truth and this table is derived from
-- them in the same transaction: a statement trigger adds every inserted leg of a user account, and
-- legs are never updated or deleted (the ledger is append-only), which a trigger now enforces.
-- House accounts are left out on purpose: every order moves them, and one hot row per house
-- account would make every transaction on PostgreSQL wait for the one before; their balances stay
-- sums of legs.
CREATE TABLE ledger_balances (
  account text NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (account, currency)
);

-- No leg may be written between this sum and the trigger below (an older process still running
-- during a rolling start): it would be missing from its balance. The migration's transaction holds it.
LOCK TABLE ledger_legs IN SHARE ROW EXCLUSIVE MODE;

INSERT INTO ledger_balances (account, currency, amount)
  SELECT account, currency, sum(amount) FROM ledger_legs WHERE account LIKE 'user:%' GROUP BY account, currency;

CREATE FUNCTION ledger_balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In account order, like the user locks the writer already holds.
  INSERT INTO ledger_balances (account, currency, amount)
    SELECT account, currency, sum(amount) FROM new_legs WHERE account LIKE 'user:%' GROUP BY account, currency ORDER BY account, currency
  ON CONFLICT (account, currency) DO UPDATE SET amount = ledger_balances.amount + EXCLUDED.amount;
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_legs_balances
  AFTER INSERT ON ledger_legs
  REFERENCING NEW TABLE AS new_legs
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_balances_add();

CREATE FUNCTION ledger_legs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger legs are never changed or removed: post a correcting entry';
END
$$;

CREATE TRIGGER ledger_legs_append_only
  BEFORE UPDATE OR DELETE ON ledger_legs
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_legs_append_only();
