CREATE TABLE "exception_digests" (
	"account_id" bigint NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exception_digests_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "exception_mails" (
	"account_id" bigint NOT NULL,
	"exception_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exception_mails_exception_id_user_id_pk" PRIMARY KEY("exception_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "exception_rules" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "exception_subscriptions" (
	"account_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exception_subscriptions_account_id_user_id_code_pk" PRIMARY KEY("account_id","user_id","code")
);
--> statement-breakpoint
ALTER TABLE "exception_digests" ADD CONSTRAINT "exception_digests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_mails" ADD CONSTRAINT "exception_mails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_mails" ADD CONSTRAINT "exception_mails_exception_id_exceptions_id_fk" FOREIGN KEY ("exception_id") REFERENCES "public"."exceptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_mails" ADD CONSTRAINT "exception_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_rules" ADD CONSTRAINT "exception_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_rules" ADD CONSTRAINT "exception_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_subscriptions" ADD CONSTRAINT "exception_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_subscriptions" ADD CONSTRAINT "exception_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exception_mails_account" ON "exception_mails" USING btree ("account_id","sent_at");--> statement-breakpoint
CREATE INDEX "exception_subscriptions_code" ON "exception_subscriptions" USING btree ("account_id","code","mode");