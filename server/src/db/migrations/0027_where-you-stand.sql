-- Where you stand (docs/decisions/0221-where-you-stand.md): members' all-time bests per challenge
-- and the counts per rank value behind FitBench's percentiles, filled here from the sets already
-- saved; server/src/db/sql/standing.sql keeps them current. The band and gender expressions below
-- are st_band and st_gender of that file, written out (the file is applied after the migrations).
CREATE TABLE "standing_bests" (
	"user_id" integer NOT NULL,
	"challenge" text NOT NULL,
	"verified" boolean NOT NULL,
	"rank_value" integer NOT NULL,
	"score" integer NOT NULL,
	"capped" boolean NOT NULL,
	"band" text NOT NULL,
	"gender" text NOT NULL,
	CONSTRAINT "standing_bests_pk" PRIMARY KEY("user_id","challenge","verified")
);
--> statement-breakpoint
CREATE TABLE "standing_counts" (
	"challenge" text NOT NULL,
	"verified" boolean NOT NULL,
	"band" text NOT NULL,
	"gender" text NOT NULL,
	"rank_value" integer NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "standing_counts_pk" PRIMARY KEY("challenge","verified","band","gender","rank_value")
);
--> statement-breakpoint
ALTER TABLE "standing_bests" ADD CONSTRAINT "standing_bests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "standing_bests" ("user_id", "challenge", "verified", "rank_value", "score", "capped", "band", "gender")
SELECT DISTINCT ON (w.user_id, w.challenge, v.verified) w.user_id, w.challenge, v.verified, w.rank_value, w.score, w.capped,
  CASE WHEN u.age IS NULL THEN '' WHEN u.age < 20 THEN 'under-20' WHEN u.age < 30 THEN '20-29' WHEN u.age < 40 THEN '30-39'
    WHEN u.age < 50 THEN '40-49' WHEN u.age < 60 THEN '50-59' ELSE '60-plus' END,
  CASE WHEN u.gender IN ('male', 'female') THEN u.gender ELSE '' END
FROM "workouts" w
JOIN "users" u ON u.id = w.user_id AND u.suspended_at IS NULL
CROSS JOIN (VALUES (false), (true)) v(verified)
WHERE (w.verified OR NOT v.verified)
  AND NOT EXISTS (SELECT 1 FROM "hidden_workouts" h WHERE h.workout_id = w.id)
ORDER BY w.user_id, w.challenge, v.verified, w.rank_value DESC;
--> statement-breakpoint
INSERT INTO "standing_counts" ("challenge", "verified", "band", "gender", "rank_value", "members")
SELECT "challenge", "verified", "band", "gender", "rank_value", count(*)::int
FROM "standing_bests" GROUP BY "challenge", "verified", "band", "gender", "rank_value";
