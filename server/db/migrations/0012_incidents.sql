CREATE TABLE "incident_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"incident_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"store_id" uuid NOT NULL,
	"tank_id" uuid,
	"equipment_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"technician" text,
	"company" text,
	"called_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"cost" numeric(14, 2),
	"exception_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" bigint,
	CONSTRAINT "incidents_account_id_id_uq" UNIQUE("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_incident_fk" FOREIGN KEY ("account_id","incident_id") REFERENCES "public"."incidents"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_store_fk" FOREIGN KEY ("account_id","store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_tank_fk" FOREIGN KEY ("account_id","tank_id") REFERENCES "public"."tanks"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_equipment_fk" FOREIGN KEY ("account_id","equipment_id") REFERENCES "public"."equipment"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_photos_account_incident" ON "incident_photos" USING btree ("account_id","incident_id","created_at");--> statement-breakpoint
CREATE INDEX "incidents_account_occurred" ON "incidents" USING btree ("account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "incidents_account_store_occurred" ON "incidents" USING btree ("account_id","store_id","occurred_at");--> statement-breakpoint
CREATE INDEX "incidents_account_status" ON "incidents" USING btree ("account_id","status");