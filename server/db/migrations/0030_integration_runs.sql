CREATE TABLE "integration_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"integration_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"window_from" timestamp with time zone NOT NULL,
	"window_to" timestamp with time zone NOT NULL,
	"rows" integer,
	"files" text[] DEFAULT '{}'::text[] NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "integration_runs_status_ck" CHECK ("integration_runs"."status" in ('queued', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "watermark" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "next_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "last_rows" integer;--> statement-breakpoint
ALTER TABLE "integration_runs" ADD CONSTRAINT "integration_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_runs" ADD CONSTRAINT "integration_runs_integration_fk" FOREIGN KEY ("account_id","integration_id") REFERENCES "public"."integrations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_runs_integration" ON "integration_runs" USING btree ("account_id","integration_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_runs_one_open" ON "integration_runs" USING btree ("integration_id") WHERE "integration_runs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "integrations_due" ON "integrations" USING btree ("next_run_at") WHERE "integrations"."type" = 'csv_drop' and "integrations"."deleted_at" is null;