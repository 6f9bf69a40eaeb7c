CREATE TABLE "detection_thresholds" (
	"account_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"values" jsonb NOT NULL,
	"note" text,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	CONSTRAINT "detection_thresholds_account_id_version_pk" PRIMARY KEY("account_id","version")
);
--> statement-breakpoint
CREATE TABLE "ml_sandbox_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"created_by" bigint,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "detection_thresholds" ADD CONSTRAINT "detection_thresholds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detection_thresholds" ADD CONSTRAINT "detection_thresholds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ml_sandbox_reports" ADD CONSTRAINT "ml_sandbox_reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ml_sandbox_reports" ADD CONSTRAINT "ml_sandbox_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "detection_thresholds_active" ON "detection_thresholds" USING btree ("account_id") WHERE "detection_thresholds"."active";--> statement-breakpoint
CREATE INDEX "ml_sandbox_reports_account" ON "ml_sandbox_reports" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ml_sandbox_reports_expiry" ON "ml_sandbox_reports" USING btree ("expires_at");