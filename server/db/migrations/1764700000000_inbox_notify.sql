-- Issue 14: a new inbox row (a fill, a stop-out, a review decided, an allotment...) is pushed to the
-- user's open stream whichever API process wrote it. One NOTIFY per statement on channel
-- tijori_inbox, its payload the distinct user ids the statement wrote for, comma-separated, in
-- chunks of 500 (a payload must stay under 8,000 bytes): an allotment of 100,000 rows is 200
-- notifications, not 100,000. NOTIFY is transactional: sent only when the event's transaction
-- commits, never for one rolled back (server/events/).
CREATE FUNCTION inbox_messages_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chunk text;
BEGIN
  FOR chunk IN
    SELECT string_agg(user_id::text, ',' ORDER BY user_id)
    FROM (SELECT user_id, (row_number() OVER (ORDER BY user_id) - 1) / 500 AS part FROM (SELECT DISTINCT user_id FROM new_rows) u) p
    GROUP BY part
  LOOP
    PERFORM pg_notify('tijori_inbox', chunk);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER inbox_messages_notify
  AFTER INSERT ON inbox_messages
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inbox_messages_notify();
