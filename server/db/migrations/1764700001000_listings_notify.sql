-- Issue 14: a stock listed by one API process (an IPO's listing step) joins every other process's
-- feed at once, not on its next market catch-up (a minute): one NOTIFY on channel tijori_listings
-- per statement that stores listings, sent when that transaction commits (server/events/listings.ts).
CREATE FUNCTION market_listings_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tijori_listings', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER market_listings_notify
  AFTER INSERT ON market_listings
  FOR EACH STATEMENT EXECUTE FUNCTION market_listings_notify();
