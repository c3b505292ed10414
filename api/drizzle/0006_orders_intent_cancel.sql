ALTER TABLE "orders" ADD COLUMN "intent_request" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_cancel_pending_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."cancel_pending";