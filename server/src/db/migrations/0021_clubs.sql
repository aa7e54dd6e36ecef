CREATE TABLE "club_members" (
	"club_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_members_pk" PRIMARY KEY("club_id","user_id"),
	CONSTRAINT "club_members_role" CHECK ("club_members"."role" in ('admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"visibility" text NOT NULL,
	"invite_code_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clubs_visibility" CHECK ("clubs"."visibility" in ('public', 'invite')),
	CONSTRAINT "clubs_name_length" CHECK (char_length("clubs"."name") between 3 and 40),
	CONSTRAINT "clubs_description_length" CHECK (char_length("clubs"."description") <= 280)
);
--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_members_user_idx" ON "club_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clubs_slug_idx" ON "clubs" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "clubs_invite_code_hash_idx" ON "clubs" USING btree ("invite_code_hash");--> statement-breakpoint
CREATE INDEX "clubs_name_lower_idx" ON "clubs" USING btree (lower("name"));--> statement-breakpoint
-- A club keeps an admin: when its last admin leaves (or their account goes), the member who joined
-- first becomes one; a club nobody is left in is gone (docs/decisions/0164-clubs.md).
CREATE FUNCTION club_keep_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clubs c
  WHERE c.id IN (SELECT DISTINCT o.club_id FROM old_rows o)
    AND NOT EXISTS (SELECT 1 FROM club_members m WHERE m.club_id = c.id);
  UPDATE club_members m SET role = 'admin'
  FROM (
    SELECT DISTINCT ON (m2.club_id) m2.club_id, m2.user_id
    FROM club_members m2
    WHERE m2.club_id IN (SELECT DISTINCT o.club_id FROM old_rows o)
      AND NOT EXISTS (SELECT 1 FROM club_members a WHERE a.club_id = m2.club_id AND a.role = 'admin')
    ORDER BY m2.club_id, m2.joined_at, m2.user_id
  ) first
  WHERE m.club_id = first.club_id AND m.user_id = first.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_members_keep_admin AFTER DELETE ON club_members
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION club_keep_admin();
--> statement-breakpoint
-- Club boards are cached with the others (server/src/lib/board-cache.ts): a change of membership
-- tells every instance, as a change to a member does ('' : every board).
CREATE FUNCTION club_notify_board() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fitbench_board', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_members_notify_board AFTER INSERT OR UPDATE OR DELETE ON club_members
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_board();
