-- Issue 4: the user's own USDT wallet addresses, one per network (TRC20 on TRON, ERC20 on
-- Ethereum), with an optional picture of the wallet's payment QR code from the user's uploads.
-- Saving a network's address again replaces it. Times are epoch milliseconds.
CREATE TABLE usdt_addresses (
  user_id bigint NOT NULL REFERENCES users (id),
  network text NOT NULL CHECK (network IN ('TRC20', 'ERC20')),
  -- Checked per network in server/domain/usdt.ts; the CHECK is the last line of defence.
  address text NOT NULL CHECK (
    (network = 'TRC20' AND address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$')
    OR (network = 'ERC20' AND address ~ '^0x[0-9a-fA-F]{40}$')
  ),
  qr_upload_id bigint REFERENCES uploads (id),
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (user_id, network)
);
