ALTER TABLE "employees" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "has_meter" boolean;--> statement-breakpoint
ALTER TABLE "equipment_types" ADD COLUMN "has_meter" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_uq" ON "employees" USING btree ("account_id","user_id") WHERE "employees"."deleted_at" is null and "employees"."user_id" is not null;