-- Session and member change notices: every app instance keeps signed-in lookups in memory
-- (server/src/lib/session-cache.ts) and drops a member's entries when told here that the member's
-- row changed or went, or that one of their sessions ended. The payload is the member ids,
-- comma-separated (NOTIFY sends it at commit, once per transaction and payload), or `*` when they
-- would not fit. Touching a session's last-seen time is not announced: the cache keeps that itself.
--
-- Applied like leaderboard.sql (server/src/db/sql-sources.ts): idempotent, code only, functions
-- named auth_*, all dropped first (by sql-sources.ts).


-- TG_ARGV[0]: the column of the transition table `changed` that holds the member id.
CREATE FUNCTION auth_notify_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(DISTINCT to_jsonb(c) ->> TG_ARGV[0], ',') INTO ids FROM changed c;
  IF ids IS NOT NULL THEN
    -- NOTIFY payloads stop at 8000 bytes.
    PERFORM pg_notify('fitbench_auth', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER auth_users_updated AFTER UPDATE ON users
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION auth_notify_members('id');

CREATE TRIGGER auth_users_deleted AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION auth_notify_members('id');

CREATE TRIGGER auth_sessions_deleted AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION auth_notify_members('user_id');
