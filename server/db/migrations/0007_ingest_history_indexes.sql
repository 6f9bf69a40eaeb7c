DROP INDEX "dispenses_equipment_at";--> statement-breakpoint
DROP INDEX "dispenses_employee_at";--> statement-breakpoint
DROP INDEX "dispenses_cost_centre_at";--> statement-breakpoint
CREATE INDEX "dispenses_equipment_meter" ON "dispenses" USING btree ("account_id","equipment_id","meter") WHERE "dispenses"."reversal_of" is null and "dispenses"."meter" is not null;--> statement-breakpoint
CREATE INDEX "dispenses_equipment_at" ON "dispenses" USING btree ("account_id","equipment_id","dispensed_at","product_id","litres","id");--> statement-breakpoint
CREATE INDEX "dispenses_employee_at" ON "dispenses" USING btree ("account_id","employee_id","dispensed_at","product_id","litres","id");--> statement-breakpoint
CREATE INDEX "dispenses_cost_centre_at" ON "dispenses" USING btree ("account_id","cost_centre_id","dispensed_at","product_id","litres","id");