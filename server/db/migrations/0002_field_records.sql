CREATE TABLE "dispenses" (
	"account_id" bigint NOT NULL,
	"id" uuid NOT NULL,
	"payload_hash" text NOT NULL,
	"device_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	"variant" text NOT NULL,
	"store_id" uuid NOT NULL,
	"tank_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"employee_id" uuid,
	"cost_centre_id" uuid,
	"litres" numeric(12, 3) NOT NULL,
	"meter" numeric(12, 1),
	"meter_type" text,
	"dispensed_at" timestamp with time zone NOT NULL,
	"gps_lat" double precision,
	"gps_lng" double precision,
	"gps_accuracy_m" real,
	"employee_by" text,
	"accepted_warnings" text[] DEFAULT '{}'::text[] NOT NULL,
	"reversal_of" uuid,
	CONSTRAINT "dispenses_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "exceptions" (
	"account_id" bigint NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"severity" text DEFAULT 'warning' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid,
	"store_id" uuid,
	"tank_id" uuid,
	"equipment_id" uuid,
	"message" text NOT NULL,
	"details" jsonb,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_to" bigint,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"account_id" bigint NOT NULL,
	"id" uuid NOT NULL,
	"payload_hash" text NOT NULL,
	"device_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	"tank_id" uuid NOT NULL,
	"supplier" text NOT NULL,
	"delivery_note" text NOT NULL,
	"litres" numeric(12, 3) NOT NULL,
	"dip_before_mm" real,
	"dip_after_mm" real,
	"temperature_c" real,
	"received_on" timestamp with time zone NOT NULL,
	CONSTRAINT "receipts_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"account_id" bigint NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tank_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"litres" numeric(12, 3) NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"account_id" bigint NOT NULL,
	"id" uuid NOT NULL,
	"payload_hash" text NOT NULL,
	"device_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	"from_tank_id" uuid NOT NULL,
	"to_tank_id" uuid,
	"to_bowser" text,
	"litres" numeric(12, 3) NOT NULL,
	"transferred_at" timestamp with time zone NOT NULL,
	"employee_id" uuid,
	CONSTRAINT "transfers_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "dispenses" ADD CONSTRAINT "dispenses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispenses" ADD CONSTRAINT "dispenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispenses" ADD CONSTRAINT "dispenses_store_fk" FOREIGN KEY ("account_id","store_id") REFERENCES "public"."stores"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispenses" ADD CONSTRAINT "dispenses_tank_fk" FOREIGN KEY ("account_id","tank_id") REFERENCES "public"."tanks"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispenses" ADD CONSTRAINT "dispenses_product_fk" FOREIGN KEY ("account_id","product_id") REFERENCES "public"."products"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispenses" ADD CONSTRAINT "dispenses_equipment_fk" FOREIGN KEY ("account_id","equipment_id") REFERENCES "public"."equipment"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispenses" ADD CONSTRAINT "dispenses_employee_fk" FOREIGN KEY ("account_id","employee_id") REFERENCES "public"."employees"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispenses" ADD CONSTRAINT "dispenses_cost_centre_fk" FOREIGN KEY ("account_id","cost_centre_id") REFERENCES "public"."cost_centres"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_tank_fk" FOREIGN KEY ("account_id","tank_id") REFERENCES "public"."tanks"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_tank_fk" FOREIGN KEY ("account_id","tank_id") REFERENCES "public"."tanks"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_tank_fk" FOREIGN KEY ("account_id","from_tank_id") REFERENCES "public"."tanks"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_tank_fk" FOREIGN KEY ("account_id","to_tank_id") REFERENCES "public"."tanks"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_employee_fk" FOREIGN KEY ("account_id","employee_id") REFERENCES "public"."employees"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispenses_account_at" ON "dispenses" USING btree ("account_id","dispensed_at");--> statement-breakpoint
CREATE INDEX "dispenses_equipment_at" ON "dispenses" USING btree ("account_id","equipment_id","dispensed_at");--> statement-breakpoint
CREATE INDEX "dispenses_tank_at" ON "dispenses" USING btree ("account_id","tank_id","dispensed_at");--> statement-breakpoint
CREATE INDEX "exceptions_account_status" ON "exceptions" USING btree ("account_id","status","raised_at");--> statement-breakpoint
CREATE INDEX "exceptions_entity" ON "exceptions" USING btree ("account_id","entity_id");--> statement-breakpoint
CREATE INDEX "receipts_account_at" ON "receipts" USING btree ("account_id","received_on");--> statement-breakpoint
CREATE INDEX "stock_movements_tank_at" ON "stock_movements" USING btree ("account_id","tank_id","at");--> statement-breakpoint
CREATE INDEX "transfers_account_at" ON "transfers" USING btree ("account_id","transferred_at");