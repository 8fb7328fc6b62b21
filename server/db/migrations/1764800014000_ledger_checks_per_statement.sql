-- Issue 14, orders at speed: the ledger's zero-sum check once per statement instead of once per leg.
-- The deferred row trigger ran its query for every leg at commit, so an order's 4-leg entry paid
-- for 4 identical checks of its own entry, and a batch of 16 orders for 64 (on PGlite, each one a
-- PL/pgSQL call and an index scan in the one process that also serves HTTP). Now one statement
-- trigger checks each entry the statement wrote legs for, over all of that entry's legs, beside the
-- check that those entries exist (both read the inserted rows, once).
--
-- What changes for a writer: an entry must balance when the statement that writes its legs ends,
-- rather than at commit. Every writer already writes an entry's legs in one statement (postEntries,
-- server/ledger/repository.ts, the only one); a transaction that added legs to an entry in two
-- statements would now be refused at the first. The legs stay append-only (ledger_legs_append_only),
-- so an entry checked at its insert cannot be unbalanced later.
-- Runs unchanged on PGlite and PostgreSQL 15.

DROP TRIGGER ledger_legs_balance ON ledger_legs;
DROP FUNCTION ledger_entry_must_balance();
DROP TRIGGER ledger_legs_entry_exists ON ledger_legs;

-- Planned with sequential scans off like the checks it replaces (1764100001000): one index probe
-- per entry named, whatever the statistics say.
CREATE FUNCTION ledger_legs_checked() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  ids bigint[];
  missing bigint;
  unbalanced bigint;
BEGIN
  ids := ARRAY(SELECT DISTINCT entry_id FROM new_legs);
  IF (SELECT count(*) FROM ledger_entries WHERE id = ANY (ids)) <> cardinality(ids) THEN
    SELECT i INTO missing FROM unnest(ids) AS i WHERE NOT EXISTS (SELECT 1 FROM ledger_entries WHERE id = i) LIMIT 1;
    RAISE EXCEPTION 'a row of ledger_legs names ledger entry %, which does not exist', missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT entry_id INTO unbalanced FROM ledger_legs WHERE entry_id = ANY (ids)
    GROUP BY entry_id, currency HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % does not sum to zero', unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_legs_checked
  AFTER INSERT ON ledger_legs
  REFERENCING NEW TABLE AS new_legs
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_legs_checked();
