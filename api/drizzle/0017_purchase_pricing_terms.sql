ALTER TABLE "orders" ADD COLUMN "pricing_terms" jsonb;--> statement-breakpoint
ALTER TABLE "cancellations" ADD COLUMN "policy_refund_cents" integer;