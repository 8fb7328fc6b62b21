-- Issue 4: currency exchange between a user's wallets. The money moves in one ledger entry
-- (reason 'exchange', reference 'exchange:<id>': the user's `from` wallet pays house:fx, house:fx
-- pays the `to` wallet); this row keeps the quote that was applied, so anyone can check the amount
-- out from the two mid rates and the spread (server/domain/exchange.ts exchangeQuote).
-- Rates are rupees per unit of a currency x 10^8 (RATE_SCALE); amounts are whole minor units.
CREATE TABLE exchanges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  from_currency text NOT NULL,
  to_currency text NOT NULL CHECK (to_currency <> from_currency),
  amount_in bigint NOT NULL CHECK (amount_in > 0),
  amount_out bigint NOT NULL CHECK (amount_out > 0),
  mid_from bigint NOT NULL CHECK (mid_from > 0),
  mid_to bigint NOT NULL CHECK (mid_to > 0),
  spread_per_lakh integer NOT NULL CHECK (spread_per_lakh >= 0 AND spread_per_lakh < 100000),
  created_at bigint NOT NULL
);
CREATE INDEX exchanges_user ON exchanges (user_id, id);
