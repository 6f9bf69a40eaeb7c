CREATE TABLE "report_favourites" (
	"account_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"report_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_favourites_account_id_user_id_report_id_pk" PRIMARY KEY("account_id","user_id","report_id")
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"user_id" bigint,
	"report_id" text NOT NULL,
	"params" jsonb NOT NULL,
	"period_from" date,
	"period_to" date,
	"parameters" text,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"row_count" integer,
	"file_key" text,
	"file_name" text,
	"file_size" integer,
	"file_removed_at" timestamp with time zone,
	"error" text,
	"trigger" text NOT NULL,
	"schedule_id" uuid,
	"occurrence" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"name" text NOT NULL,
	"report_id" text NOT NULL,
	"params" jsonb NOT NULL,
	"format" text NOT NULL,
	"frequency" text NOT NULL,
	"at_time" text NOT NULL,
	"weekday" smallint,
	"month_day" smallint,
	"recipient_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipient_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_favourites" ADD CONSTRAINT "report_favourites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_favourites" ADD CONSTRAINT "report_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_runs_account_queued" ON "report_runs" USING btree ("account_id","queued_at");--> statement-breakpoint
CREATE INDEX "report_runs_account_user_queued" ON "report_runs" USING btree ("account_id","user_id","queued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_occurrence_uq" ON "report_runs" USING btree ("schedule_id","occurrence");--> statement-breakpoint
CREATE INDEX "report_runs_files" ON "report_runs" USING btree ("finished_at") WHERE "report_runs"."file_key" is not null;--> statement-breakpoint
CREATE INDEX "report_schedules_account" ON "report_schedules" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "report_schedules_due" ON "report_schedules" USING btree ("next_run_at") WHERE not "report_schedules"."paused" and "report_schedules"."deleted_at" is null;