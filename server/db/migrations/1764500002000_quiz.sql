-- Issue 13: the knowledge quiz (src/lib/quiz.ts). Passing it enables margin trading. Times are
-- epoch milliseconds (bigint).

-- One courseware item per user: when its study clock last started (/quiz/open) and when it
-- counted as studied (/quiz/studied, at least quiz_min_study_seconds after opened_at by the
-- server's clock). Once studied it stays studied.
CREATE TABLE quiz_studies (
  user_id bigint NOT NULL REFERENCES users (id),
  item_id text NOT NULL,
  opened_at bigint NOT NULL,
  studied_at bigint,
  PRIMARY KEY (user_id, item_id),
  CHECK (studied_at IS NULL OR studied_at >= opened_at)
);

-- Every attempt, kept for good: what was shown (the question ids and each one's option order,
-- JSON), what was answered (JSON, null until submitted), the score (0-100) and the outcome.
CREATE TABLE quiz_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  started_at bigint NOT NULL,
  submitted_at bigint,
  questions text NOT NULL,
  answers text,
  score integer CHECK (score BETWEEN 0 AND 100),
  passed boolean,
  CHECK ((submitted_at IS NULL AND answers IS NULL AND score IS NULL AND passed IS NULL)
      OR (submitted_at IS NOT NULL AND answers IS NOT NULL AND score IS NOT NULL AND passed IS NOT NULL AND submitted_at >= started_at))
);
CREATE INDEX quiz_attempts_user_idx ON quiz_attempts (user_id, id DESC);
-- At most one attempt open per user: /quiz/start gives it back instead of drawing another.
CREATE UNIQUE INDEX quiz_attempts_one_open ON quiz_attempts (user_id) WHERE submitted_at IS NULL;
