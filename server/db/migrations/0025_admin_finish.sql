CREATE TABLE "handheld_printers" (
	"account_id" bigint NOT NULL,
	"device_id" uuid NOT NULL,
	"paper_width_mm" integer DEFAULT 58 NOT NULL,
	"header_lines" text[] DEFAULT '{}'::text[] NOT NULL,
	"footer_lines" text[] DEFAULT '{}'::text[] NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "handheld_printers_pk" PRIMARY KEY("account_id","device_id"),
	CONSTRAINT "handheld_printers_paper_ck" CHECK ("handheld_printers"."paper_width_mm" in (58, 80)),
	CONSTRAINT "handheld_printers_copies_ck" CHECK ("handheld_printers"."copies" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "map_style_url" text;--> statement-breakpoint
ALTER TABLE "handheld_enrolments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "handheld_printers" ADD CONSTRAINT "handheld_printers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handheld_printers" ADD CONSTRAINT "handheld_printers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handheld_printers" ADD CONSTRAINT "handheld_printers_device_fk" FOREIGN KEY ("account_id","device_id") REFERENCES "public"."field_devices"("account_id","id") ON DELETE no action ON UPDATE no action;