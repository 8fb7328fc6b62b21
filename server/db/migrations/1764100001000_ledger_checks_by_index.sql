-- Issue 8, the books do not slow down as they grow. Every leg written ran two per-row checks whose
-- plans each connection caches (PL/pgSQL and foreign-key checks keep their plans for the life of
-- the connection; PGlite is one connection for the life of the process): the deferred zero-sum
-- trigger's `SELECT 1 FROM ledger_legs WHERE entry_id = $1 GROUP BY currency HAVING ...` and the
-- foreign key's `SELECT 1 FROM ONLY ledger_entries x WHERE id = $1 FOR KEY SHARE OF x`. Planned
-- while the statistics describe a small table (an ANALYZE, or autovacuum's first one, when the books
-- hold a few entries), both are sequential scans (EXPLAIN at 66 legs: Seq Scan, cost 1.83 against
-- 8.20 for the entry_id index), and the cached plan keeps scanning the whole table as it grows,
-- until an invalidation happens to replan it. The indexes were always there; the plans ignored them.
-- Measured on PostgreSQL 15, one connection writing 4-leg entries after an ANALYZE at 20 legs
-- (autovacuum off): 7,677 entries in 60 s, 30,713 sequential scans of ledger_legs (472 M rows read)
-- and 30,709 of ledger_entries, one per leg, 3.5 ms an entry at first and 15 ms at 30,000 legs.
-- With this migration: 70,983 entries in 60 s, no sequential scan, 0.6-1.7 ms an entry up to
-- 284,000 legs. Sign-ins' foreign key to ledger_entries was the same trap, once per sign-in.
--
-- So no check on the ledger is left to a cached plan's guess:
-- - The zero-sum trigger stays what it was (row-level, deferred to commit, so an entry may still be
--   written over several statements of one transaction), its query planned with sequential scans
--   off, which leaves the entry_id index.
-- - The foreign keys to ledger_entries (from ledger_legs and sign_ins) become one check per
--   statement over the rows it inserted, one index probe per entry named, planned the same way.
--   Their other half, that a referenced entry cannot disappear, becomes a trigger refusing to
--   delete, truncate or renumber entries (nothing ever did: the ledger is append-only).
-- Runs unchanged on PGlite and PostgreSQL 15.

ALTER FUNCTION ledger_entry_must_balance() SET enable_seqscan = off;

ALTER TABLE ledger_legs DROP CONSTRAINT ledger_legs_entry_id_fkey;
ALTER TABLE sign_ins DROP CONSTRAINT sign_ins_entry_id_fkey;

CREATE FUNCTION ledger_entries_must_exist() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  ids bigint[];
  missing bigint;
BEGIN
  ids := ARRAY(SELECT DISTINCT entry_id FROM new_rows);
  IF (SELECT count(*) FROM ledger_entries WHERE id = ANY (ids)) <> cardinality(ids) THEN
    SELECT i INTO missing FROM unnest(ids) AS i WHERE NOT EXISTS (SELECT 1 FROM ledger_entries WHERE id = i) LIMIT 1;
    RAISE EXCEPTION 'a row of % names ledger entry %, which does not exist', TG_TABLE_NAME, missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_legs_entry_exists
  AFTER INSERT ON ledger_legs
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_must_exist();

-- A trigger with a transition table takes one event, so sign-ins have one for each.
CREATE TRIGGER sign_ins_entry_exists_insert
  AFTER INSERT ON sign_ins
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_must_exist();

CREATE TRIGGER sign_ins_entry_exists_update
  AFTER UPDATE ON sign_ins
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_must_exist();

CREATE FUNCTION ledger_entries_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never removed or renumbered: post a correcting entry';
END
$$;

CREATE TRIGGER ledger_entries_kept
  BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_kept();
