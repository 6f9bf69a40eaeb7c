CREATE TABLE "device_syncs" (
	"account_id" bigint NOT NULL,
	"device_id" text NOT NULL,
	"user_id" bigint,
	"last_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"records" integer NOT NULL,
	"outbox" integer,
	"app_version" text,
	CONSTRAINT "device_syncs_account_id_device_id_pk" PRIMARY KEY("account_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "integrity_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"trigger" text NOT NULL,
	"user_id" bigint,
	"local_date" date,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"total" integer,
	"results" jsonb,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "device_syncs" ADD CONSTRAINT "device_syncs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_syncs" ADD CONSTRAINT "device_syncs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrity_runs" ADD CONSTRAINT "integrity_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrity_runs" ADD CONSTRAINT "integrity_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_syncs_last" ON "device_syncs" USING btree ("last_sync_at");--> statement-breakpoint
CREATE INDEX "integrity_runs_account_started" ON "integrity_runs" USING btree ("account_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integrity_runs_nightly_uq" ON "integrity_runs" USING btree ("account_id","local_date") WHERE "integrity_runs"."trigger" = 'nightly';