-- Issue 4: identity and bank cards. Pictures (ID photos, later receipts and payment QR codes) are
-- kept in the database, private to their owner and the back office; a real-name submission keeps
-- what was sent and how it was decided; a user's bank cards. Times are epoch milliseconds.

CREATE TABLE uploads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('id_front', 'id_back', 'receipt', 'payment_qr')),
  -- Judged from the bytes (server/domain/uploads.ts), never from what the client said.
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  sha256 text NOT NULL,
  bytes bytea NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX uploads_user ON uploads (user_id, id);

-- One row per submission; users.real_name_status follows the newest (pending, verified, failed).
CREATE TABLE real_name_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  name text NOT NULL,
  id_number text NOT NULL,
  pan text NOT NULL CHECK (pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
  front_upload_id bigint NOT NULL REFERENCES uploads (id),
  back_upload_id bigint NOT NULL REFERENCES uploads (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  decided_by text,
  created_at bigint NOT NULL,
  decided_at bigint
);
CREATE INDEX real_name_submissions_user ON real_name_submissions (user_id, id);
-- At most one submission under review per user, whatever the races.
CREATE UNIQUE INDEX real_name_submissions_one_pending ON real_name_submissions (user_id) WHERE status = 'pending';

CREATE TABLE bank_cards (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  holder text NOT NULL,
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{9,18}$'),
  ifsc text NOT NULL CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
  bank text NOT NULL,
  branch text NOT NULL,
  created_at bigint NOT NULL,
  UNIQUE (user_id, account_number, ifsc)
);
