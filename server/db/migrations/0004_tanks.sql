CREATE TABLE "gauge_deliveries" (
	"account_id" bigint NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tank_id" uuid NOT NULL,
	"gauge_device_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"start_litres" numeric(12, 3) NOT NULL,
	"end_litres" numeric(12, 3) NOT NULL,
	"litres" numeric(12, 3) NOT NULL,
	"net_litres_15" numeric(12, 3),
	"matched_receipt_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gauge_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"store_id" uuid,
	"name" text NOT NULL,
	"protocol" text NOT NULL,
	"host" text,
	"port" integer,
	"poll_interval_s" integer DEFAULT 300 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"key_hash" text,
	"key_hint" text,
	"tank_map" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_contact_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone,
	CONSTRAINT "gauge_devices_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "gauge_devices_protocol_ck" CHECK ("gauge_devices"."protocol" in ('tls_tcp', 'http_push')),
	CONSTRAINT "gauge_devices_interval_ck" CHECK ("gauge_devices"."poll_interval_s" between 10 and 86400)
);
--> statement-breakpoint
CREATE TABLE "tank_readings" (
	"account_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tank_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"product_height_mm" real,
	"water_height_mm" real,
	"temperature_c" real,
	"gross_litres" numeric(12, 3) NOT NULL,
	"net_litres_15" numeric(12, 3),
	"ullage_litres" numeric(12, 3),
	"water_litres" numeric(12, 3),
	"gauge_device_id" uuid,
	"payload_hash" text,
	"device_id" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tank_readings_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "tank_readings_source_ck" CHECK ("tank_readings"."source" in ('gauge', 'dip', 'import'))
);
--> statement-breakpoint
CREATE TABLE "tank_stock" (
	"account_id" bigint NOT NULL,
	"tank_id" uuid NOT NULL,
	"book_litres" numeric(12, 3) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tank_stock_account_id_tank_id_pk" PRIMARY KEY("account_id","tank_id")
);
--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "gauge_deliveries" ADD CONSTRAINT "gauge_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gauge_deliveries" ADD CONSTRAINT "gauge_deliveries_tank_fk" FOREIGN KEY ("account_id","tank_id") REFERENCES "public"."tanks"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gauge_devices" ADD CONSTRAINT "gauge_devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gauge_devices" ADD CONSTRAINT "gauge_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gauge_devices" ADD CONSTRAINT "gauge_devices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gauge_devices" ADD CONSTRAINT "gauge_devices_store_fk" FOREIGN KEY ("account_id","store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tank_readings" ADD CONSTRAINT "tank_readings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tank_readings" ADD CONSTRAINT "tank_readings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tank_readings" ADD CONSTRAINT "tank_readings_tank_fk" FOREIGN KEY ("account_id","tank_id") REFERENCES "public"."tanks"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tank_stock" ADD CONSTRAINT "tank_stock_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tank_stock" ADD CONSTRAINT "tank_stock_tank_fk" FOREIGN KEY ("account_id","tank_id") REFERENCES "public"."tanks"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gauge_deliveries_instant_uq" ON "gauge_deliveries" USING btree ("account_id","tank_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gauge_devices_name_uq" ON "gauge_devices" USING btree ("account_id",lower("name")) WHERE "gauge_devices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "gauge_devices_due" ON "gauge_devices" USING btree ("next_poll_at") WHERE "gauge_devices"."deleted_at" is null and "gauge_devices"."enabled" and "gauge_devices"."protocol" = 'tls_tcp';--> statement-breakpoint
CREATE UNIQUE INDEX "tank_readings_instant_uq" ON "tank_readings" USING btree ("account_id","tank_id","source","read_at");--> statement-breakpoint
CREATE INDEX "tank_readings_tank_at" ON "tank_readings" USING btree ("account_id","tank_id","read_at");--> statement-breakpoint
CREATE INDEX "dispenses_employee_at" ON "dispenses" USING btree ("account_id","employee_id","dispensed_at");--> statement-breakpoint
CREATE INDEX "dispenses_cost_centre_at" ON "dispenses" USING btree ("account_id","cost_centre_id","dispensed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exceptions_open_dedupe_uq" ON "exceptions" USING btree ("account_id","dedupe_key") WHERE "exceptions"."dedupe_key" is not null and "exceptions"."status" <> 'resolved';--> statement-breakpoint
INSERT INTO "tank_stock" ("account_id", "tank_id", "book_litres")
  SELECT "account_id", "tank_id", sum("litres") FROM "stock_movements" GROUP BY "account_id", "tank_id";
--> statement-breakpoint
-- Every stock movement, whoever writes it, moves the tank's book stock in the same transaction.
CREATE FUNCTION "tank_stock_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tank_stock" AS s ("account_id", "tank_id", "book_litres", "updated_at")
    VALUES (NEW."account_id", NEW."tank_id", NEW."litres", now())
    ON CONFLICT ("account_id", "tank_id") DO UPDATE SET "book_litres" = s."book_litres" + EXCLUDED."book_litres", "updated_at" = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stock_movements_tank_stock" AFTER INSERT ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION "tank_stock_follow"();
