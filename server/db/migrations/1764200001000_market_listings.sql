-- Issue 10: companies that joined the simulated exchange on their listing day (an IPO's listing
-- step writes the row in its own transaction). Every API process reads this table to add the
-- stock to its feed; the stock's days then live in market_days like any other instrument's.
-- reference_price is in price units (paise): the issue price the first day starts from.
CREATE TABLE market_listings (
  symbol text PRIMARY KEY,
  name text NOT NULL,
  sector text NOT NULL,
  industry text NOT NULL,
  shares_outstanding bigint NOT NULL CHECK (shares_outstanding > 0),
  free_float_bp integer NOT NULL CHECK (free_float_bp BETWEEN 1 AND 10000),
  reference_price bigint NOT NULL CHECK (reference_price > 0),
  listed_at bigint NOT NULL
);
