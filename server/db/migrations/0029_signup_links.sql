ALTER TABLE "accounts" ADD COLUMN "signup_code" text;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD COLUMN "account_id" bigint;--> statement-breakpoint
ALTER TABLE "registration_requests" ADD CONSTRAINT "registration_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_signup_code_unique" UNIQUE("signup_code");