ALTER TABLE "commercial_settings" ADD COLUMN "payment_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "payment_terms" text DEFAULT '' NOT NULL;