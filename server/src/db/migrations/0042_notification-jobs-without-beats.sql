-- notification_jobs.beats is gone: only saves write job rows, and each tells beat-your-best and
-- has its boards' top 10 checked by the job (server/src/db/sql/notification-jobs.sql,
-- docs/decisions/0302-top-10-checks-in-the-fan-out-job.md).
ALTER TABLE "notification_jobs" DROP COLUMN "beats";
