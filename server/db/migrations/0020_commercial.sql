CREATE TABLE "catalogue_items" (
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
	"unit" text DEFAULT 'each' NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"vat_pct" numeric(5, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "catalogue_items_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "catalogue_items_price_ck" CHECK ("catalogue_items"."unit_price_cents" >= 0 and "catalogue_items"."vat_pct" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "customer_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"store_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "customer_sites_account_id_id_uq" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"name" text NOT NULL,
	"registration_no" text,
	"vat_no" text,
	"billing_address" text DEFAULT '' NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "customers_account_id_id_uq" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "quotation_lines" (
	"account_id" bigint NOT NULL,
	"quotation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"catalogue_item_id" uuid,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"discount_pct" numeric(5, 2) NOT NULL,
	"vat_pct" numeric(5, 2) NOT NULL,
	"gross_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "quotation_lines_pk" PRIMARY KEY("account_id","quotation_id","position")
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"number" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"previous_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"customer_id" uuid NOT NULL,
	"site_id" uuid,
	"issue_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"gross_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	CONSTRAINT "quotations_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "quotations_number_uq" UNIQUE("account_id","number","revision"),
	CONSTRAINT "quotations_status_ck" CHECK ("quotations"."status" in ('draft', 'sent', 'accepted', 'declined', 'expired', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "quote_counters" (
	"account_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "quote_counters_pk" PRIMARY KEY("account_id","year")
);
--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sites" ADD CONSTRAINT "customer_sites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sites" ADD CONSTRAINT "customer_sites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sites" ADD CONSTRAINT "customer_sites_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sites" ADD CONSTRAINT "customer_sites_customer_fk" FOREIGN KEY ("account_id","customer_id") REFERENCES "public"."customers"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sites" ADD CONSTRAINT "customer_sites_store_fk" FOREIGN KEY ("account_id","store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_quotation_fk" FOREIGN KEY ("account_id","quotation_id") REFERENCES "public"."quotations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_item_fk" FOREIGN KEY ("account_id","catalogue_item_id") REFERENCES "public"."catalogue_items"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_customer_fk" FOREIGN KEY ("account_id","customer_id") REFERENCES "public"."customers"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_site_fk" FOREIGN KEY ("account_id","site_id") REFERENCES "public"."customer_sites"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_previous_fk" FOREIGN KEY ("account_id","previous_id") REFERENCES "public"."quotations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_counters" ADD CONSTRAINT "quote_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_items_code_uq" ON "catalogue_items" USING btree ("account_id",lower("code")) WHERE "catalogue_items"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_sites_name_uq" ON "customer_sites" USING btree ("account_id","customer_id",lower("name")) WHERE "customer_sites"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_name_uq" ON "customers" USING btree ("account_id",lower("name")) WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "quotations_account_issue" ON "quotations" USING btree ("account_id","issue_date");--> statement-breakpoint
CREATE INDEX "quotations_account_customer" ON "quotations" USING btree ("account_id","customer_id");