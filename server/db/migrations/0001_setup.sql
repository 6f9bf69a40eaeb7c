CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text DEFAULT 'L' NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"fuel_group" text DEFAULT 'other' NOT NULL,
	"density_15" numeric(6, 1),
	CONSTRAINT "products_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "products_kind_ck" CHECK ("products"."kind" in ('fuel', 'other')),
	CONSTRAINT "products_price_ck" CHECK ("products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"variant" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"timezone" text NOT NULL,
	"opening_hours" jsonb,
	CONSTRAINT "stores_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "stores_variant_ck" CHECK ("stores"."variant" in ('FAMS', 'FAMS24'))
);
--> statement-breakpoint
CREATE TABLE "tanks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"store_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"capacity" numeric(12, 3) NOT NULL,
	"safe_fill" numeric(12, 3) NOT NULL,
	"low_level" numeric(12, 3) NOT NULL,
	"gauge_probe_id" text,
	"strapping_chart" jsonb,
	CONSTRAINT "tanks_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "tanks_levels_ck" CHECK ("tanks"."capacity" > 0 and "tanks"."safe_fill" <= "tanks"."capacity" and "tanks"."low_level" < "tanks"."safe_fill")
);
--> statement-breakpoint
CREATE TABLE "cost_centres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "cost_centres_account_id_id_uq" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"pin_hash" text,
	"tag" text,
	"cost_centre_id" uuid,
	"licence_expiry" date,
	"store_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"fams24_enabled" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "employees_account_id_id_uq" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"fleet_no" text NOT NULL,
	"registration" text,
	"description" text DEFAULT '' NOT NULL,
	"type_id" uuid,
	"cost_centre_id" uuid,
	"meter_type" text,
	"current_meter" numeric(12, 1),
	"tank_capacity" numeric(12, 3),
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"home_store_id" uuid,
	"fams24_enabled" boolean DEFAULT false NOT NULL,
	"pin_required" boolean DEFAULT false NOT NULL,
	"odometer_required" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "equipment_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "equipment_meter_ck" CHECK ("equipment"."meter_type" is null or "equipment"."meter_type" in ('km', 'hours'))
);
--> statement-breakpoint
CREATE TABLE "equipment_extras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "equipment_extras_account_id_id_uq" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "equipment_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"code" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"tank_capacity" numeric(12, 3) NOT NULL,
	"meter_type" text NOT NULL,
	"expected_consumption" numeric(8, 2),
	CONSTRAINT "equipment_types_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "equipment_types_meter_ck" CHECK ("equipment_types"."meter_type" in ('km', 'hours'))
);
--> statement-breakpoint
CREATE TABLE "tag_owners" (
	"account_id" bigint NOT NULL,
	"tag" text NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"product_id" uuid NOT NULL,
	"store_id" uuid,
	"equipment_id" uuid,
	"employee_id" uuid,
	"cost_centre_id" uuid,
	"daily_limit" numeric(12, 3),
	"monthly_limit" numeric(12, 3),
	"weekdays" integer[],
	"hours_from" text,
	"hours_to" text,
	"max_per_transaction" numeric(12, 3),
	"active" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "allocations_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "allocations_one_subject_ck" CHECK (num_nonnulls("allocations"."equipment_id", "allocations"."employee_id", "allocations"."cost_centre_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "asset_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"asset_id" uuid NOT NULL,
	"cost_centre_id" uuid,
	"store_id" uuid,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_to" timestamp with time zone,
	"changed_by" bigint
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"asset_no" text NOT NULL,
	"erp_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"equipment_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"cost_centre_id" uuid,
	"store_id" uuid,
	CONSTRAINT "assets_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "assets_status_ck" CHECK ("assets"."status" in ('active', 'inactive', 'disposed'))
);
--> statement-breakpoint
CREATE TABLE "f24_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"store_id" uuid,
	"max_litres_per_transaction" numeric(12, 3),
	"odometer_required" boolean DEFAULT false NOT NULL,
	"max_odometer_jump_km" numeric(12, 1),
	"max_hours_jump" numeric(12, 1),
	"allowed_from" text,
	"allowed_to" text,
	"min_minutes_between_fills" integer,
	CONSTRAINT "f24_rules_account_id_id_uq" UNIQUE("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tanks" ADD CONSTRAINT "tanks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tanks" ADD CONSTRAINT "tanks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tanks" ADD CONSTRAINT "tanks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tanks" ADD CONSTRAINT "tanks_store_fk" FOREIGN KEY ("account_id","store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tanks" ADD CONSTRAINT "tanks_product_fk" FOREIGN KEY ("account_id","product_id") REFERENCES "public"."products"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centres" ADD CONSTRAINT "cost_centres_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centres" ADD CONSTRAINT "cost_centres_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centres" ADD CONSTRAINT "cost_centres_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_cost_centre_fk" FOREIGN KEY ("account_id","cost_centre_id") REFERENCES "public"."cost_centres"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_type_fk" FOREIGN KEY ("account_id","type_id") REFERENCES "public"."equipment_types"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_cost_centre_fk" FOREIGN KEY ("account_id","cost_centre_id") REFERENCES "public"."cost_centres"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_home_store_fk" FOREIGN KEY ("account_id","home_store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_extras" ADD CONSTRAINT "equipment_extras_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_extras" ADD CONSTRAINT "equipment_extras_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_extras" ADD CONSTRAINT "equipment_extras_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_types" ADD CONSTRAINT "equipment_types_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_types" ADD CONSTRAINT "equipment_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_types" ADD CONSTRAINT "equipment_types_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_owners" ADD CONSTRAINT "tag_owners_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_product_fk" FOREIGN KEY ("account_id","product_id") REFERENCES "public"."products"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_store_fk" FOREIGN KEY ("account_id","store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_equipment_fk" FOREIGN KEY ("account_id","equipment_id") REFERENCES "public"."equipment"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_employee_fk" FOREIGN KEY ("account_id","employee_id") REFERENCES "public"."employees"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_cost_centre_fk" FOREIGN KEY ("account_id","cost_centre_id") REFERENCES "public"."cost_centres"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_allocations" ADD CONSTRAINT "asset_allocations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_allocations" ADD CONSTRAINT "asset_allocations_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_allocations" ADD CONSTRAINT "asset_allocations_asset_fk" FOREIGN KEY ("account_id","asset_id") REFERENCES "public"."assets"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_equipment_fk" FOREIGN KEY ("account_id","equipment_id") REFERENCES "public"."equipment"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_cost_centre_fk" FOREIGN KEY ("account_id","cost_centre_id") REFERENCES "public"."cost_centres"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_store_fk" FOREIGN KEY ("account_id","store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "f24_rules" ADD CONSTRAINT "f24_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "f24_rules" ADD CONSTRAINT "f24_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "f24_rules" ADD CONSTRAINT "f24_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "f24_rules" ADD CONSTRAINT "f24_rules_store_fk" FOREIGN KEY ("account_id","store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_uq" ON "products" USING btree ("account_id",lower("code")) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stores_code_uq" ON "stores" USING btree ("account_id",lower("code")) WHERE "stores"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tanks_code_uq" ON "tanks" USING btree ("account_id","store_id",lower("code")) WHERE "tanks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tanks_account_product" ON "tanks" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centres_code_uq" ON "cost_centres" USING btree ("account_id",lower("code")) WHERE "cost_centres"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_number_uq" ON "employees" USING btree ("account_id",lower("number")) WHERE "employees"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "employees_account_cost_centre" ON "employees" USING btree ("account_id","cost_centre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_fleet_no_uq" ON "equipment" USING btree ("account_id",lower("fleet_no")) WHERE "equipment"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_registration_uq" ON "equipment" USING btree ("account_id",lower("registration")) WHERE "equipment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "equipment_account_type" ON "equipment" USING btree ("account_id","type_id");--> statement-breakpoint
CREATE INDEX "equipment_account_cost_centre" ON "equipment" USING btree ("account_id","cost_centre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_extras_key_uq" ON "equipment_extras" USING btree ("account_id",lower("key")) WHERE "equipment_extras"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_types_code_uq" ON "equipment_types" USING btree ("account_id",lower("code")) WHERE "equipment_types"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tag_owners_tag_uq" ON "tag_owners" USING btree ("account_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "tag_owners_owner" ON "tag_owners" USING btree ("account_id","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "allocations_subject_uq" ON "allocations" USING btree ("account_id","product_id",coalesce("store_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("equipment_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("employee_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("cost_centre_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "allocations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "allocations_account_equipment" ON "allocations" USING btree ("account_id","equipment_id");--> statement-breakpoint
CREATE INDEX "allocations_account_employee" ON "allocations" USING btree ("account_id","employee_id");--> statement-breakpoint
CREATE INDEX "asset_allocations_account_asset" ON "asset_allocations" USING btree ("account_id","asset_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_asset_no_uq" ON "assets" USING btree ("account_id",lower("asset_no")) WHERE "assets"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "f24_rules_store_uq" ON "f24_rules" USING btree ("account_id",coalesce("store_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "f24_rules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "audit_log_account_entity" ON "audit_log" USING btree ("account_id","entity","entity_id");