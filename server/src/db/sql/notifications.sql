-- Notifications: the ones the database makes itself as sets are saved, and the change notice every
-- instance's stream listens to. Design: docs/decisions/0253-notifications.md (what is made, once),
-- 0254-dropped-out-of-the-top-10.md, 0255-the-notification-stream.md. Applied as
-- server/src/db/sql-sources.ts says: every function here is named ntf_*, and all are dropped, with
-- their triggers, before the file runs.
--
-- Saves do not make notifications here: "beat your best" is made by the fan-out job
-- (notification-jobs.sql, docs/decisions/0271-notifications-off-the-save-path.md) and "dropped out
-- of the top 10" by top10.sql's triggers as a board changes.


-- 1. The change notice ------------------------------------------------------------------------------
-- At commit, the recipients whose notifications changed (made, or read), as comma-separated ids in
-- chunks under NOTIFY's 8000-byte payload (server/src/routes/notifications/stream.ts).
CREATE FUNCTION ntf_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fitbench_ntf', string_agg(x.r::text, ','))
  FROM (SELECT d.r, (row_number() OVER (ORDER BY d.r) - 1) / 500 AS g
        FROM (SELECT DISTINCT recipient_id AS r FROM changed) d) x
  GROUP BY x.g;
  RETURN NULL;
END $$;

CREATE TRIGGER ntf_notifications_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION ntf_announce();

CREATE TRIGGER ntf_notifications_update AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION ntf_announce();


-- 2. "X beat your best in <challenge>": made by the fan-out job, off the save path
-- (server/src/db/sql/notification-jobs.sql).

-- 3. "You dropped out of the top 10 of <board>": server/src/db/sql/top10.sql.
