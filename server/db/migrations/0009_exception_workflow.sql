CREATE TABLE "exception_events" (
	"account_id" bigint NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exception_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" bigint,
	"action" text NOT NULL,
	"text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "resolution_reason" text;--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "acknowledged_by" bigint;--> statement-breakpoint
ALTER TABLE "exception_events" ADD CONSTRAINT "exception_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_events" ADD CONSTRAINT "exception_events_exception_id_exceptions_id_fk" FOREIGN KEY ("exception_id") REFERENCES "public"."exceptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_events" ADD CONSTRAINT "exception_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exception_events_of" ON "exception_events" USING btree ("exception_id","at");--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exceptions_resolved" ON "exceptions" USING btree ("account_id","resolved_at") WHERE "exceptions"."status" = 'resolved';