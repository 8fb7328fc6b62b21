-- Issue 13: customer service. A thread is a user's (user_id) or a guest's: someone who cannot sign
-- in (login banned, forgotten password) typed an account number (guest_account) and keeps a random
-- key on the phone, of which only the sha256 is stored (guest_key_hash). A password-reset thread
-- records whether the name and PAN given matched the verified record (identity_matched, never
-- shown to the guest), the operator's grant (reset_granted_until) and its single use
-- (reset_used_at). The unread counters are per side: operator replies the user has not read, user
-- messages no operator has read. Times are epoch milliseconds. Pictures are the writer's own
-- uploads of kind 'support' (upload_ids: JSON text of an int array, at most 3).

ALTER TABLE uploads DROP CONSTRAINT uploads_kind_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_kind_check CHECK (kind IN ('id_front', 'id_back', 'receipt', 'payment_qr', 'support'));

CREATE TABLE support_threads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  guest_account text,
  guest_key_hash text,
  topic text NOT NULL CHECK (topic IN ('general', 'complaint', 'login_banned', 'password_reset')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  identity_matched boolean,
  reset_granted_until bigint,
  reset_used_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  user_unread integer NOT NULL DEFAULT 0 CHECK (user_unread >= 0),
  operator_unread integer NOT NULL DEFAULT 0 CHECK (operator_unread >= 0),
  -- A user's thread is about general matters or a complaint; a guest's about signing in.
  CHECK (
    (user_id IS NOT NULL AND guest_account IS NULL AND guest_key_hash IS NULL AND topic IN ('general', 'complaint'))
    OR (user_id IS NULL AND guest_account IS NOT NULL AND guest_key_hash IS NOT NULL AND topic IN ('login_banned', 'password_reset'))
  ),
  CHECK (topic = 'password_reset' OR (identity_matched IS NULL AND reset_granted_until IS NULL AND reset_used_at IS NULL))
);
CREATE INDEX support_threads_user_idx ON support_threads (user_id, updated_at DESC) WHERE user_id IS NOT NULL;
CREATE INDEX support_threads_status_idx ON support_threads (status, updated_at DESC);

CREATE TABLE support_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id bigint NOT NULL REFERENCES support_threads (id),
  author text NOT NULL CHECK (author IN ('user', 'operator')),
  operator text,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  upload_ids text NOT NULL DEFAULT '[]',
  created_at bigint NOT NULL,
  CHECK ((author = 'operator') = (operator IS NOT NULL))
);
CREATE INDEX support_messages_thread_idx ON support_messages (thread_id, id);

-- New guest threads per address, for the hourly limit (support_guest_per_hour); rows older than
-- the hour are removed by the next creation from that address.
CREATE TABLE support_guest_creations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_ip text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX support_guest_creations_ip_idx ON support_guest_creations (client_ip, at);
