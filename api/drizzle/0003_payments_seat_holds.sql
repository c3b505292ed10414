ALTER TABLE "classes" DROP CONSTRAINT "classes_seats_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "held_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_per_student" ON "orders" USING btree ("student_id") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_student_idx" ON "orders" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "payments_student_idx" ON "payments" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_seats_check" CHECK ("classes"."enrolled_seats" >= 0 and "classes"."held_seats" >= 0 and "classes"."enrolled_seats" + "classes"."held_seats" <= "classes"."available_seats");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'paid', 'failed', 'expired', 'refunded'));