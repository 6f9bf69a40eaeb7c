CREATE TABLE "commercial_settings" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"follow_up_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commercial_settings_follow_up_ck" CHECK ("commercial_settings"."follow_up_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commercial_settings" ADD CONSTRAINT "commercial_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotations_open_sent_at" ON "quotations" USING btree ("sent_at") WHERE "quotations"."status" = 'sent';