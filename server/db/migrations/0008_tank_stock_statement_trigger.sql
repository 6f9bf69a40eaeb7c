-- Custom SQL migration file, put your code below! --
-- Book stock follows the stock movements once per statement instead of once per row (ADR 016): a
-- batch of 500 dispenses over 20 tanks makes 20 upserts of `tank_stock`, not 500. The movements of
-- the statement are summed per tank and the rows are upserted in (account, tank) order, so two
-- batches take the same tanks' rows in the same order. Same name as before: the demo seed turns it
-- off by name while it writes a year of history.
CREATE FUNCTION "tank_stock_follow_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tank_stock" AS s ("account_id", "tank_id", "book_litres", "updated_at")
    SELECT "account_id", "tank_id", sum("litres"), now() FROM "moved"
    GROUP BY "account_id", "tank_id" ORDER BY "account_id", "tank_id"
    ON CONFLICT ("account_id", "tank_id") DO UPDATE SET "book_litres" = s."book_litres" + EXCLUDED."book_litres", "updated_at" = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "stock_movements_tank_stock" ON "stock_movements";
--> statement-breakpoint
CREATE TRIGGER "stock_movements_tank_stock" AFTER INSERT ON "stock_movements"
  REFERENCING NEW TABLE AS "moved" FOR EACH STATEMENT EXECUTE FUNCTION "tank_stock_follow_statement"();
--> statement-breakpoint
DROP FUNCTION "tank_stock_follow"();
