CREATE TABLE "home_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint,
	"message" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_messages_dates_ck" CHECK ("home_messages"."starts_on" <= "home_messages"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"modules" text[] NOT NULL,
	"limits" jsonb NOT NULL,
	"period" text NOT NULL,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_period_ck" CHECK ("plans"."period" in ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"plan_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"status" text NOT NULL,
	"renews_on" date NOT NULL,
	"user_id" bigint,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text NOT NULL,
	"starts_on" date NOT NULL,
	"renews_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_ck" CHECK ("subscriptions"."status" in ('trial', 'active', 'past_due', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "card" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "logo_file" text;--> statement-breakpoint
ALTER TABLE "home_messages" ADD CONSTRAINT "home_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_messages" ADD CONSTRAINT "home_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_messages_account" ON "home_messages" USING btree ("account_id","ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_uq" ON "plans" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "subscription_events_account" ON "subscription_events" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "subscriptions_plan" ON "subscriptions" USING btree ("plan_id");