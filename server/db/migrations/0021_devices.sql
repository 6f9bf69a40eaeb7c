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
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"secret_sealed" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	CONSTRAINT "integrations_account_id_id_uq" UNIQUE("account_id","id"),
	CONSTRAINT "integrations_type_ck" CHECK ("integrations"."type" in ('webhook', 'sap', 'csv_drop', 'bi_feed'))
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
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"integration_id" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"last_error" text,
	"replay_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_status_ck" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_fk" FOREIGN KEY ("account_id","device_id") REFERENCES "public"."field_devices"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_devices" ADD CONSTRAINT "field_devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_devices" ADD CONSTRAINT "field_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_devices" ADD CONSTRAINT "field_devices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_devices" ADD CONSTRAINT "field_devices_store_fk" FOREIGN KEY ("account_id","store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_tags" ADD CONSTRAINT "rfid_tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_tags" ADD CONSTRAINT "rfid_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_integration_fk" FOREIGN KEY ("account_id","integration_id") REFERENCES "public"."integrations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_account_created" ON "device_commands" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "device_commands_device_pending" ON "device_commands" USING btree ("device_id","created_at") WHERE "device_commands"."status" in ('queued', 'delivered');--> statement-breakpoint
CREATE INDEX "device_commands_open_expiry" ON "device_commands" USING btree ("expires_at") WHERE "device_commands"."status" in ('queued', 'delivered');--> statement-breakpoint
CREATE UNIQUE INDEX "field_devices_serial_uq" ON "field_devices" USING btree ("account_id",lower("serial")) WHERE "field_devices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "field_devices_account_store" ON "field_devices" USING btree ("account_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_name_uq" ON "integrations" USING btree ("account_id",lower("name")) WHERE "integrations"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_tags_tag_uq" ON "rfid_tags" USING btree ("account_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "rfid_tags_account_created" ON "rfid_tags" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_account_created" ON "webhook_deliveries" USING btree ("account_id","created_at");