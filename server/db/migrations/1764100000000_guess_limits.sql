-- Issue 8: guess limits that cannot lock an owner out, and what the owner is told.
-- Registrations counted per address (the per-address limit on new accounts); purged once older
-- than the window, like login_failures.
CREATE TABLE registration_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_ip text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX registration_attempts_ip_idx ON registration_attempts (client_ip, at);

-- login_failures rows leave on success and after 15 minutes, so what the owner must be told of
-- is kept here as counters (a flood of guesses cannot grow a table): wrong passwords since the
-- latest sign-in, and those between the sign-in before it and the latest one.
ALTER TABLE users ADD COLUMN failed_sign_ins integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN last_failed_sign_in_at bigint;
ALTER TABLE users ADD COLUMN failed_sign_ins_before integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN last_failed_sign_in_before_at bigint;

-- The per account-and-address count of sign-in failures.
CREATE INDEX login_failures_account_ip_idx ON login_failures (account, client_ip, at);
