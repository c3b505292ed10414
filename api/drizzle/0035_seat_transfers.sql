CREATE TABLE "seat_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"camper_id" uuid NOT NULL,
	"from_order_id" uuid NOT NULL,
	"from_class_id" uuid NOT NULL,
	"from_enrollment_id" uuid NOT NULL,
	"to_order_id" uuid NOT NULL,
	"to_class_id" uuid NOT NULL,
	"to_enrollment_id" uuid NOT NULL,
	"held_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"credit_cents" integer NOT NULL,
	"owed_cents" integer NOT NULL,
	"refund_cents" integer NOT NULL,
	"refund_id" uuid,
	"reason" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seat_transfers_figures_check" CHECK ("seat_transfers"."held_cents" >= 0 and "seat_transfers"."fee_cents" >= 0 and "seat_transfers"."fee_cents" <= "seat_transfers"."held_cents" and "seat_transfers"."price_cents" >= 0
        and "seat_transfers"."credit_cents" >= 0 and "seat_transfers"."owed_cents" >= 0 and "seat_transfers"."refund_cents" >= 0),
	CONSTRAINT "seat_transfers_held_check" CHECK ("seat_transfers"."held_cents" = "seat_transfers"."fee_cents" + "seat_transfers"."credit_cents" + "seat_transfers"."refund_cents"),
	CONSTRAINT "seat_transfers_price_check" CHECK ("seat_transfers"."price_cents" = "seat_transfers"."credit_cents" + "seat_transfers"."owed_cents" and ("seat_transfers"."owed_cents" = 0 or "seat_transfers"."refund_cents" = 0)),
	CONSTRAINT "seat_transfers_other_class_check" CHECK ("seat_transfers"."from_class_id" <> "seat_transfers"."to_class_id")
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_offline_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_check";--> statement-breakpoint
ALTER TABLE "cancellation_policy" ADD COLUMN "move_days" integer DEFAULT 14;--> statement-breakpoint
ALTER TABLE "cancellation_policy" ADD COLUMN "move_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_from_order_id_orders_id_fk" FOREIGN KEY ("from_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_from_class_id_classes_id_fk" FOREIGN KEY ("from_class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_to_order_id_orders_id_fk" FOREIGN KEY ("to_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_to_class_id_classes_id_fk" FOREIGN KEY ("to_class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_transfers_family_idx" ON "seat_transfers" USING btree ("family_id","created_at");--> statement-breakpoint
CREATE INDEX "seat_transfers_to_order_idx" ON "seat_transfers" USING btree ("to_order_id");--> statement-breakpoint
CREATE INDEX "seat_transfers_from_order_idx" ON "seat_transfers" USING btree ("from_order_id");--> statement-breakpoint
CREATE INDEX "payments_order_paid_idx" ON "payments" USING btree ("order_id","paid_at","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('checkout', 'instalment', 'offline', 'balance', 'transfer'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'cash', 'cheque', 'bank_transfer', 'credit'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offline_check" CHECK (("payments"."kind" = 'offline') = ("payments"."method" in ('cash', 'cheque', 'bank_transfer')) and ("payments"."kind" = 'transfer') = ("payments"."method" = 'credit') and ("payments"."kind" = 'offline') = ("payments"."received_on" is not null));--> statement-breakpoint
ALTER TABLE "cancellation_policy" ADD CONSTRAINT "cancellation_policy_move_check" CHECK (("cancellation_policy"."move_days" is null or "cancellation_policy"."move_days" between 1 and 365) and "cancellation_policy"."move_fee_cents" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('card', 'cash', 'cheque', 'bank_transfer', 'credit'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payment_shares_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    target := OLD.payment_id;
  ELSIF TG_TABLE_NAME = 'payments' THEN
    target := NEW.id;
  ELSE
    target := NEW.payment_id;
  END IF;
  -- A front-desk payment (offline, the family's card payment of a balance, or a moved seat's
  -- credit) is exactly its shares of the order's lines; a deleted payment takes its shares with it.
  IF EXISTS (
    SELECT 1 FROM "payments" p
    WHERE p.id = target
      AND p.kind IN ('offline', 'balance', 'transfer')
      AND p.amount_cents <> coalesce((SELECT sum(s.cents) FROM "payment_shares" s WHERE s.payment_id = p.id), 0)
  ) THEN
    RAISE EXCEPTION 'a front-desk payment differs from its shares of the lines' USING ERRCODE = '23514', CONSTRAINT = 'payment_shares_sum_check';
  END IF;
  RETURN NULL;
END
$$;
