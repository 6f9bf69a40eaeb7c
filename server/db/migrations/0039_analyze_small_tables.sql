-- ADR 081: autovacuum analyzes a table once more than 50 rows (+ 10 %) changed, so the small
-- reference tables of an account (a few stores, tanks, products) were never analyzed; planned as
-- empty, they turned the GPS records' count into a nested loop over stores x tanks x products
-- that read each tank's dispenses once per store and product (1.8 s instead of 50 ms on the demo
-- year). With no base threshold they are analyzed within a minute of any change (a few ms each).
ALTER TABLE "accounts" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "memberships" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "users" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "stores" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "tanks" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "products" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "product_prices" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "equipment" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "equipment_types" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "employees" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "cost_centres" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "customers" SET (autovacuum_analyze_threshold = 0);--> statement-breakpoint
ALTER TABLE "customer_sites" SET (autovacuum_analyze_threshold = 0);
