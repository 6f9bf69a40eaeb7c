CREATE TABLE "device_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"device_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"delivered_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"answer" text,
	CONSTRAINT "device_commands_status_ck" CHECK ("device_commands"."status" in ('queued', 'delivered', 'acknowledged', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "field_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"kind" text NOT NULL,
	"serial" text NOT NULL,
	"name" text NOT NULL,
	"store_id" uuid,
	"key_hash" text,
	"key_hint" text,
	"key_rotated_at" timestamp with time zone,
	"app_version" text,
	"last_contact_at" timestamp with time zone,
	"last_latitude" double precision,
	"last_longitude" double precision,
	"last_position_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	CONSTRAINT "field_devices_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "field_devices_kind_ck" CHECK ("field_devices"."kind" in ('controller', 'handheld', 'mobile')),
	CONSTRAINT "field_devices_controller_store_ck" CHECK ("field_devices"."kind" <> 'controller' or "field_devices"."store_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "rfid_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint
);
--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_fk" FOREIGN KEY ("account_id","device_id") REFERENCES "public"."field_devices"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_devices" ADD CONSTRAINT "field_devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_devices" ADD CONSTRAINT "field_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_devices" ADD CONSTRAINT "field_devices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_devices" ADD CONSTRAINT "field_devices_store_fk" FOREIGN KEY ("account_id","store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_tags" ADD CONSTRAINT "rfid_tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_tags" ADD CONSTRAINT "rfid_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_account_created" ON "device_commands" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "device_commands_device_pending" ON "device_commands" USING btree ("device_id","created_at") WHERE "device_commands"."status" in ('queued', 'delivered');--> statement-breakpoint
CREATE INDEX "device_commands_open_expiry" ON "device_commands" USING btree ("expires_at") WHERE "device_commands"."status" in ('queued', 'delivered');--> statement-breakpoint
CREATE UNIQUE INDEX "field_devices_serial_uq" ON "field_devices" USING btree ("account_id",lower("serial")) WHERE "field_devices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "field_devices_account_store" ON "field_devices" USING btree ("account_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_tags_tag_uq" ON "rfid_tags" USING btree ("account_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "rfid_tags_account_created" ON "rfid_tags" USING btree ("account_id","created_at");