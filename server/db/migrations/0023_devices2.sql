CREATE TABLE "handheld_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"device_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	CONSTRAINT "handheld_enrolments_code_uq" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "handheld_settings" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"paper_width_mm" integer DEFAULT 58 NOT NULL,
	"header_lines" text[] DEFAULT '{}'::text[] NOT NULL,
	"footer_lines" text[] DEFAULT '{}'::text[] NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "handheld_settings_paper_ck" CHECK ("handheld_settings"."paper_width_mm" in (58, 80)),
	CONSTRAINT "handheld_settings_copies_ck" CHECK ("handheld_settings"."copies" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "store_vpns" (
	"account_id" bigint NOT NULL,
	"store_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"subnet" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text,
	"preshared_key_sealed" text,
	"last_handshake_at" timestamp with time zone,
	"last_test_at" timestamp with time zone,
	"last_test_result" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "store_vpns_account_id_store_id_pk" PRIMARY KEY("account_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "sap_cost_centre_map" (
	"account_id" bigint NOT NULL,
	"cost_centre_id" uuid NOT NULL,
	"sap_cost_centre" text NOT NULL,
	"gl_account" text NOT NULL,
	CONSTRAINT "sap_cost_centre_map_account_id_cost_centre_id_pk" PRIMARY KEY("account_id","cost_centre_id")
);
--> statement-breakpoint
CREATE TABLE "sap_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"re_export" boolean DEFAULT false NOT NULL,
	"lines" integer NOT NULL,
	"dispenses" integer NOT NULL,
	"litres" numeric(12, 3) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint
);
--> statement-breakpoint
CREATE TABLE "sap_posted" (
	"account_id" bigint NOT NULL,
	"dispense_id" uuid NOT NULL,
	"export_id" uuid NOT NULL,
	CONSTRAINT "sap_posted_account_id_dispense_id_pk" PRIMARY KEY("account_id","dispense_id")
);
--> statement-breakpoint
CREATE TABLE "sap_product_map" (
	"account_id" bigint NOT NULL,
	"product_id" uuid NOT NULL,
	"material" text NOT NULL,
	CONSTRAINT "sap_product_map_account_id_product_id_pk" PRIMARY KEY("account_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sap_settings" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"document_type" text DEFAULT 'SA' NOT NULL,
	"offset_account" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
ALTER TABLE "field_devices" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "handheld_enrolments" ADD CONSTRAINT "handheld_enrolments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handheld_enrolments" ADD CONSTRAINT "handheld_enrolments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handheld_enrolments" ADD CONSTRAINT "handheld_enrolments_device_fk" FOREIGN KEY ("account_id","device_id") REFERENCES "public"."field_devices"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handheld_settings" ADD CONSTRAINT "handheld_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handheld_settings" ADD CONSTRAINT "handheld_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_vpns" ADD CONSTRAINT "store_vpns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_vpns" ADD CONSTRAINT "store_vpns_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_vpns" ADD CONSTRAINT "store_vpns_store_fk" FOREIGN KEY ("account_id","store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_cost_centre_map" ADD CONSTRAINT "sap_cost_centre_map_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_cost_centre_map" ADD CONSTRAINT "sap_cost_centre_map_cc_fk" FOREIGN KEY ("account_id","cost_centre_id") REFERENCES "public"."cost_centres"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_exports" ADD CONSTRAINT "sap_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_exports" ADD CONSTRAINT "sap_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_posted" ADD CONSTRAINT "sap_posted_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_posted" ADD CONSTRAINT "sap_posted_export_id_sap_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."sap_exports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_posted" ADD CONSTRAINT "sap_posted_dispense_fk" FOREIGN KEY ("account_id","dispense_id") REFERENCES "public"."dispenses"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_product_map" ADD CONSTRAINT "sap_product_map_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_product_map" ADD CONSTRAINT "sap_product_map_product_fk" FOREIGN KEY ("account_id","product_id") REFERENCES "public"."products"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_settings" ADD CONSTRAINT "sap_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_settings" ADD CONSTRAINT "sap_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handheld_enrolments_account_created" ON "handheld_enrolments" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "sap_exports_account_created" ON "sap_exports" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "sap_posted_export" ON "sap_posted" USING btree ("export_id");