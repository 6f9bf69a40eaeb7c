CREATE TABLE "integration_catalogue" (
	"type" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"account_types" text[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
ALTER TABLE "integration_catalogue" ADD CONSTRAINT "integration_catalogue_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Webhooks of exceptions (ADR 048): exceptions are raised by the ingest, the gauges, the sweeps and
-- balancing, and resolved by people and corrections; one statement trigger per change writes the
-- deliveries of every raise and resolve, set-based, in the transaction that made it. Nothing is
-- written when the account has no webhook subscribed. The webhook sweep (every minute) queues them.
CREATE FUNCTION "exceptions_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "webhook_deliveries" ("account_id", "integration_id", "event", "payload")
      SELECT n."account_id", i."id", 'exception.raised', jsonb_build_object(
          'id', n."id", 'code', n."code", 'severity', n."severity", 'status', n."status",
          'entity', n."entity", 'entityId', n."entity_id", 'storeId', n."store_id", 'tankId', n."tank_id",
          'equipmentId', n."equipment_id", 'message', n."message",
          'raisedAt', to_char(n."raised_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      FROM "new_rows" n
      JOIN "integrations" i ON i."account_id" = n."account_id" AND i."type" = 'webhook' AND i."enabled"
        AND i."deleted_at" IS NULL AND 'exception.raised' = ANY(i."events")
      ORDER BY n."raised_at", n."id", i."id";
  ELSE
    INSERT INTO "webhook_deliveries" ("account_id", "integration_id", "event", "payload")
      SELECT n."account_id", i."id", 'exception.resolved', jsonb_build_object(
          'id', n."id", 'code', n."code", 'severity', n."severity", 'status', n."status",
          'entity', n."entity", 'entityId', n."entity_id", 'storeId', n."store_id", 'tankId', n."tank_id",
          'equipmentId', n."equipment_id", 'message', n."message",
          'raisedAt', to_char(n."raised_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'resolvedAt', to_char(n."resolved_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'resolutionReason', n."resolution_reason", 'resolution', n."resolution")
      FROM "new_rows" n
      JOIN "old_rows" o ON o."id" = n."id" AND o."status" <> 'resolved'
      JOIN "integrations" i ON i."account_id" = n."account_id" AND i."type" = 'webhook' AND i."enabled"
        AND i."deleted_at" IS NULL AND 'exception.resolved' = ANY(i."events")
      WHERE n."status" = 'resolved'
      ORDER BY n."resolved_at", n."id", i."id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "exceptions_webhooks_insert" AFTER INSERT ON "exceptions"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "exceptions_webhooks"();
--> statement-breakpoint
CREATE TRIGGER "exceptions_webhooks_update" AFTER UPDATE ON "exceptions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "exceptions_webhooks"();
