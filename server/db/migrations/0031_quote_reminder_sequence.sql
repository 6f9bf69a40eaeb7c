ALTER TABLE "commercial_settings" ADD COLUMN "follow_up_every_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "commercial_settings" ADD COLUMN "follow_up_max" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "reminder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "follow_up_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "sent_origin" text;--> statement-breakpoint
ALTER TABLE "commercial_settings" ADD CONSTRAINT "commercial_settings_follow_up_every_ck" CHECK ("commercial_settings"."follow_up_every_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "commercial_settings" ADD CONSTRAINT "commercial_settings_follow_up_max_ck" CHECK ("commercial_settings"."follow_up_max" between 1 and 10);--> statement-breakpoint
UPDATE "quotations" SET "reminder_count" = 1 WHERE "reminded_at" IS NOT NULL;