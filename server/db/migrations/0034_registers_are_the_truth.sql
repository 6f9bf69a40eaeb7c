-- Registers are the truth (ADR 077): what a list screen says exists is what the other screens use.
-- 1. Home-screen messages: the account's fixed message becomes a message of /messageAccount without
--    an end day (ranked below any message with one, as the fixed message was), so the list shows every
--    message users can see and there is one place to change it.
ALTER TABLE "home_messages" ALTER COLUMN "ends_on" DROP NOT NULL;--> statement-breakpoint
INSERT INTO "home_messages" ("account_id", "message", "starts_on", "ends_on", "created_at")
  SELECT "id", "home_screen_message", "created_at"::date, NULL, "created_at" FROM "accounts"
  WHERE btrim("home_screen_message") <> '';--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "home_screen_message";--> statement-breakpoint
-- 2. Tags: every tag a holder has is in the registry /ScanTags lists. `tag_owners` says who holds a
--    tag (since when: `assigned_at`); a statement trigger registers in `rfid_tags` every tag inserted
--    there, whoever writes it (the forms, /ScanTags, imports, the seed), and the tags held today are
--    registered once here.
ALTER TABLE "tag_owners" ADD COLUMN "assigned_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "tag_owners" o SET "assigned_at" = coalesce(
    (SELECT e."created_at" FROM "equipment" e WHERE e."id" = o."owner_id"),
    (SELECT m."created_at" FROM "employees" m WHERE m."id" = o."owner_id"),
    o."assigned_at");--> statement-breakpoint
CREATE FUNCTION "tag_owners_register"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "rfid_tags" ("account_id", "tag", "created_at")
    SELECT "account_id", "tag", "assigned_at" FROM "held" ORDER BY "account_id", lower("tag")
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tag_owners_register" AFTER INSERT ON "tag_owners"
  REFERENCING NEW TABLE AS "held" FOR EACH STATEMENT EXECUTE FUNCTION "tag_owners_register"();--> statement-breakpoint
INSERT INTO "rfid_tags" ("account_id", "tag", "created_at")
  SELECT "account_id", "tag", "assigned_at" FROM "tag_owners" ORDER BY "account_id", lower("tag")
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- 3. A report schedule's last run is read from its runs (`report_runs.schedule_id`): the tick wrote
--    this column when it claimed an occurrence, "run now" never did.
ALTER TABLE "report_schedules" DROP COLUMN "last_run_at";
