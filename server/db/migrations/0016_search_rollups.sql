-- Search and totals at millions of rows (ADR 034). Trigram indexes need pg_trgm (shipped with PostgreSQL,
-- a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "dispense_days" (
	"account_id" bigint NOT NULL,
	"store_id" uuid NOT NULL,
	"tank_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"day" date NOT NULL,
	"rows" integer NOT NULL,
	"net" integer NOT NULL,
	"litres" numeric NOT NULL,
	CONSTRAINT "dispense_days_account_id_store_id_tank_id_product_id_day_pk" PRIMARY KEY("account_id","store_id","tank_id","product_id","day")
);
--> statement-breakpoint
CREATE INDEX "equipment_fleet_no_trgm" ON "equipment" USING gin ("fleet_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_registration_trgm" ON "equipment" USING gin ("registration" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dispenses_note_trgm" ON "dispenses" USING gin ("note" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dispenses_device_trgm" ON "dispenses" USING gin ("device_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exceptions_message_trgm" ON "exceptions" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exceptions_equipment" ON "exceptions" USING btree ("account_id","equipment_id") WHERE "exceptions"."status" in ('open', 'acknowledged');--> statement-breakpoint
CREATE INDEX "exceptions_tank" ON "exceptions" USING btree ("account_id","tank_id") WHERE "exceptions"."status" in ('open', 'acknowledged');--> statement-breakpoint
-- Recomputes the day rollups of an account (or one of its stores) from the dispenses: the backfill
-- below, the demo seed (it writes with triggers off) and a store's time zone change.
CREATE FUNCTION "dispense_days_rebuild"(p_account bigint, p_store uuid DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "dispense_days" WHERE "account_id" = p_account AND (p_store IS NULL OR "store_id" = p_store);
  INSERT INTO "dispense_days" ("account_id", "store_id", "tank_id", "product_id", "day", "rows", "net", "litres")
    SELECT d."account_id", d."store_id", d."tank_id", d."product_id", (d."dispensed_at" AT TIME ZONE s."timezone")::date,
      count(*), sum(CASE WHEN d."reversal_of" IS NULL THEN 1 ELSE -1 END), sum(d."litres")
    FROM "dispenses" d JOIN "stores" s ON s."account_id" = d."account_id" AND s."id" = d."store_id"
    WHERE d."account_id" = p_account AND (p_store IS NULL OR d."store_id" = p_store)
    GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
-- Once per statement, set-based: the statement's rows summed per key, upserted in key order (two
-- concurrent batches take the same rows in the same order, as the tank_stock trigger of 0008 does).
-- Deleted (and the old side of updated) rows are subtracted, so the sums stay exact whatever writes.
CREATE FUNCTION "dispense_days_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO "dispense_days" AS r ("account_id", "store_id", "tank_id", "product_id", "day", "rows", "net", "litres")
      SELECT o."account_id", o."store_id", o."tank_id", o."product_id", (o."dispensed_at" AT TIME ZONE s."timezone")::date,
        -count(*), -sum(CASE WHEN o."reversal_of" IS NULL THEN 1 ELSE -1 END), -sum(o."litres")
      FROM "old_rows" o JOIN "stores" s ON s."account_id" = o."account_id" AND s."id" = o."store_id"
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("account_id", "store_id", "tank_id", "product_id", "day") DO UPDATE
        SET "rows" = r."rows" + EXCLUDED."rows", "net" = r."net" + EXCLUDED."net", "litres" = r."litres" + EXCLUDED."litres";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "dispense_days" AS r ("account_id", "store_id", "tank_id", "product_id", "day", "rows", "net", "litres")
      SELECT n."account_id", n."store_id", n."tank_id", n."product_id", (n."dispensed_at" AT TIME ZONE s."timezone")::date,
        count(*), sum(CASE WHEN n."reversal_of" IS NULL THEN 1 ELSE -1 END), sum(n."litres")
      FROM "new_rows" n JOIN "stores" s ON s."account_id" = n."account_id" AND s."id" = n."store_id"
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("account_id", "store_id", "tank_id", "product_id", "day") DO UPDATE
        SET "rows" = r."rows" + EXCLUDED."rows", "net" = r."net" + EXCLUDED."net", "litres" = r."litres" + EXCLUDED."litres";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dispenses_days_insert" AFTER INSERT ON "dispenses"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dispense_days_follow"();
--> statement-breakpoint
CREATE TRIGGER "dispenses_days_update" AFTER UPDATE ON "dispenses"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dispense_days_follow"();
--> statement-breakpoint
CREATE TRIGGER "dispenses_days_delete" AFTER DELETE ON "dispenses"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dispense_days_follow"();
--> statement-breakpoint
-- A store's days follow its zone: a zone change regroups that store's dispenses.
CREATE FUNCTION "dispense_days_store_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "dispense_days_rebuild"(NEW."account_id", NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stores_dispense_days_zone" AFTER UPDATE OF "timezone" ON "stores"
  FOR EACH ROW WHEN (OLD."timezone" IS DISTINCT FROM NEW."timezone") EXECUTE FUNCTION "dispense_days_store_zone"();
--> statement-breakpoint
INSERT INTO "dispense_days" ("account_id", "store_id", "tank_id", "product_id", "day", "rows", "net", "litres")
  SELECT d."account_id", d."store_id", d."tank_id", d."product_id", (d."dispensed_at" AT TIME ZONE s."timezone")::date,
    count(*), sum(CASE WHEN d."reversal_of" IS NULL THEN 1 ELSE -1 END), sum(d."litres")
  FROM "dispenses" d JOIN "stores" s ON s."account_id" = d."account_id" AND s."id" = d."store_id"
  GROUP BY 1, 2, 3, 4, 5;
