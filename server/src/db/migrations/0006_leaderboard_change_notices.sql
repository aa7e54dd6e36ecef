-- Tells every app instance that leaderboard data changed (their board caches drop entries).
-- NOTIFY is delivered at commit, once per transaction and channel/payload.
CREATE FUNCTION fitbench_notify_board() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fitbench_board', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fitbench_workouts_notify_board AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON workouts
  FOR EACH STATEMENT EXECUTE FUNCTION fitbench_notify_board();
--> statement-breakpoint
CREATE TRIGGER fitbench_users_notify_board AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION fitbench_notify_board();
