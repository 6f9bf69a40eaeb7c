CREATE TABLE "daily_report_mails" (
	"account_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_report_mails_account_id_user_id_day_pk" PRIMARY KEY("account_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "daily_report_subscriptions" (
	"account_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"store_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_report_subscriptions_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "daily_report_mails" ADD CONSTRAINT "daily_report_mails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_report_mails" ADD CONSTRAINT "daily_report_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_report_subscriptions" ADD CONSTRAINT "daily_report_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_report_subscriptions" ADD CONSTRAINT "daily_report_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_report_mails_account_sent" ON "daily_report_mails" USING btree ("account_id","sent_at");--> statement-breakpoint
CREATE INDEX "exceptions_unresolved" ON "exceptions" USING btree ("account_id","raised_at","id","code","severity","store_id","tank_id","equipment_id") WHERE "exceptions"."status" in ('open', 'acknowledged');