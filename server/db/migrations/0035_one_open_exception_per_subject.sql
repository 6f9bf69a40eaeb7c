CREATE INDEX "exceptions_dedupe" ON "exceptions" USING btree ("account_id","dedupe_key") WHERE "exceptions"."dedupe_key" is not null;--> statement-breakpoint
-- ADR 075: one unresolved exception per subject (tank, vehicle) and kind for the detectors that
-- judge a month at a time. Data only: the month-keyed exceptions take the new shape, duplicates
-- are merged into the oldest unresolved one (its months, a timeline event per month it gained) and
-- resolved as "other: merged into …" with their own events and audit entries; nothing is deleted.
-- 1. Every month-keyed exception holds its month as the one entry of `details.periods`.
UPDATE "exceptions" SET "details" = jsonb_build_object(
    'period', jsonb_build_object('from', split_part("dedupe_key", ':', 3), 'to', split_part("dedupe_key", ':', 3)),
    'periods', jsonb_build_array(coalesce("details", '{}'::jsonb) || jsonb_build_object(
      'period', split_part("dedupe_key", ':', 3),
      'message', "message",
      'summary', coalesce(CASE "code"
        WHEN 'leak_suspected' THEN to_char(("details" ->> 'leakRate')::numeric, 'FM999999990.000') || ' L/h'
        WHEN 'variance_over_threshold' THEN
          rtrim(to_char(("details" ->> 'variance')::numeric, 'FM999,999,999,990.999'), '.') || ' L against an allowance of ' ||
          rtrim(to_char(("details" ->> 'threshold')::numeric, 'FM999,999,999,990.999'), '.') || ' L'
        ELSE jsonb_array_length(coalesce("details" -> 'fills', '[]'::jsonb)) || ' fill' ||
          CASE WHEN jsonb_array_length(coalesce("details" -> 'fills', '[]'::jsonb)) = 1 THEN '' ELSE 's' END ||
          coalesce(', up to ' || (SELECT round(max((f ->> 'excess')::numeric) * 100) FROM jsonb_array_elements(coalesce("details" -> 'fills', '[]'::jsonb)) f)::text ||
            ' % over its usual ' || to_char(("details" ->> 'baseline')::numeric, 'FM999999990.0') || ' ' || ("details" ->> 'unit'), '')
      END, '')
    ) || CASE WHEN "code" = 'leak_suspected' THEN jsonb_build_object('verdict', 'fail') ELSE '{}'::jsonb END))
  WHERE "code" IN ('leak_suspected', 'variance_over_threshold', 'consumption_outlier')
    AND "dedupe_key" ~ '^[a-z_]+:[0-9a-f-]{36}:[0-9]{4}-[0-9]{2}$';--> statement-breakpoint
-- 2. Unresolved duplicates of a subject and kind: the oldest keeps them all.
WITH "g" AS (
  SELECT "id", "account_id", "code", "status", "details",
    first_value("id") OVER "w" AS "keep", count(*) OVER "w" AS "n"
  FROM "exceptions"
  WHERE "code" IN ('leak_suspected', 'variance_over_threshold', 'consumption_outlier') AND "status" <> 'resolved'
    AND "dedupe_key" ~ '^[a-z_]+:[0-9a-f-]{36}:[0-9]{4}-[0-9]{2}$'
  WINDOW "w" AS (PARTITION BY "account_id", "code", split_part("dedupe_key", ':', 2) ORDER BY "raised_at", "id"
    ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
), "dup" AS (
  SELECT "g".*, "e" AS "entry",
    CASE "g"."code" WHEN 'leak_suspected' THEN 'Leak' WHEN 'variance_over_threshold' THEN 'Variance over the limit'
      ELSE 'Fuel use far over usual' END AS "noun"
  FROM "g", jsonb_array_elements("g"."details" -> 'periods') "e"
  WHERE "g"."n" > 1 AND "g"."id" <> "g"."keep"
), "merged" AS (
  SELECT "keep", jsonb_agg("e" ORDER BY "e" ->> 'period') AS "periods"
  FROM "g", jsonb_array_elements("g"."details" -> 'periods') "e"
  WHERE "g"."n" > 1
  GROUP BY "keep"
), "kept" AS (
  UPDATE "exceptions" "x" SET
    "details" = jsonb_build_object(
      'period', jsonb_build_object('from', "m"."periods" -> 0 ->> 'period', 'to', "m"."periods" -> -1 ->> 'period'),
      'periods', "m"."periods"),
    "message" = ("m"."periods" -> -1 ->> 'message') || ' (' || jsonb_array_length("m"."periods") || ' months: ' ||
      to_char(to_date("m"."periods" -> 0 ->> 'period', 'YYYY-MM'), 'FMMonth YYYY') || ' to ' ||
      to_char(to_date("m"."periods" -> -1 ->> 'period', 'YYYY-MM'), 'FMMonth YYYY') || ')'
  FROM "merged" "m" WHERE "x"."id" = "m"."keep"
  RETURNING "x"."id"
), "gained" AS (
  INSERT INTO "exception_events" ("account_id", "exception_id", "user_id", "action", "text")
  SELECT "account_id", "keep", NULL, 'continued',
    "noun" || ' continues in ' || to_char(to_date("entry" ->> 'period', 'YYYY-MM'), 'FMMonth YYYY') ||
    coalesce(': ' || nullif("entry" ->> 'summary', ''), '') || ' (merged from exception ' || "id" || ', now resolved)'
  FROM "dup"
  RETURNING "id"
), "resolved" AS (
  UPDATE "exceptions" "x" SET "status" = 'resolved', "resolved_at" = now(), "resolved_by" = NULL,
    "resolution_reason" = 'other',
    "resolution" = 'Merged into exception ' || "g"."keep" || ': one open exception per tank or vehicle and kind (ADR 075)'
  FROM "g" WHERE "x"."id" = "g"."id" AND "g"."n" > 1 AND "g"."id" <> "g"."keep"
  RETURNING "x"."id", "x"."account_id", "x"."resolution", "g"."status" AS "was", "g"."keep"
), "said" AS (
  INSERT INTO "exception_events" ("account_id", "exception_id", "user_id", "action", "text")
  SELECT "account_id", "id", NULL, 'resolved', 'Other: ' || "resolution" FROM "resolved"
  RETURNING "id"
)
INSERT INTO "audit_log" ("account_id", "user_id", "action", "entity", "entity_id", "before", "after")
SELECT "account_id", NULL, 'resolve', 'exception', "id"::text, jsonb_build_object('status', "was"),
  jsonb_build_object('status', 'resolved', 'reason', 'other', 'text', "resolution", 'mergedInto', "keep")
FROM "resolved";--> statement-breakpoint
-- 3. The dedupe key names the kind and the subject only (`leak_suspected:<tank id>`).
UPDATE "exceptions" SET "dedupe_key" = "code" || ':' || split_part("dedupe_key", ':', 2)
  WHERE "code" IN ('leak_suspected', 'variance_over_threshold', 'consumption_outlier')
    AND "dedupe_key" ~ '^[a-z_]+:[0-9a-f-]{36}:[0-9]{4}-[0-9]{2}$';
