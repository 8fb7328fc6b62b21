-- Issue 15: the first operator's password comes from a setting (the demo's is printed at start and
-- written in the README), so it must be changed on first sign-in before anything else works
-- (server/plugins/auth.ts). A first operator of an existing database who never changed theirs
-- must change it too.
ALTER TABLE operators ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

UPDATE operators SET must_change_password = true
WHERE created_by IS NULL
  AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.operator = operators.username AND a.action = 'password_changed');
