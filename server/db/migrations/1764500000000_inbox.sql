-- Issue 13: the inbox. One row per thing that happened to an account (a review decided, an order
-- filled, a position closed by a rule, an allotment, a support reply, a VIP level change, a failed
-- sign-in), written by the same transaction as the event itself, so an event without its row (or
-- a row without its event) cannot be committed. `params` are the facts the phone words in the
-- reader's language (src/contract/replies.ts InboxKind); `link` is the app route that shows it.
CREATE TABLE inbox_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL,
  params text NOT NULL DEFAULT '{}',
  link text,
  created_at bigint NOT NULL,
  read_at bigint
);
CREATE INDEX inbox_messages_user_idx ON inbox_messages (user_id, id DESC);
CREATE INDEX inbox_messages_unread_idx ON inbox_messages (user_id) WHERE read_at IS NULL;
