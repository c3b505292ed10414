CREATE TABLE "instalment_seats" (
	"instalment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"camper_id" uuid NOT NULL,
	"cents" integer NOT NULL,
	CONSTRAINT "instalment_seats_instalment_id_class_id_camper_id_pk" PRIMARY KEY("instalment_id","class_id","camper_id"),
	CONSTRAINT "instalment_seats_cents_check" CHECK ("instalment_seats"."cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"due_day" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"payment_intent_id" text,
	"payment_id" uuid,
	"decline_code" text,
	"last_error" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalments_amount_check" CHECK ("instalments"."amount_cents" >= 0),
	CONSTRAINT "instalments_status_check" CHECK ("instalments"."status" in ('scheduled', 'charging', 'paid', 'failed', 'cancelled', 'waived')),
	CONSTRAINT "instalments_paid_check" CHECK (("instalments"."status" = 'paid') = ("instalments"."payment_id" is not null and "instalments"."payment_intent_id" is not null)),
	CONSTRAINT "instalments_claim_check" CHECK ("instalments"."status" <> 'charging' or "instalments"."claimed_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"family_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_refund_check";--> statement-breakpoint
DROP INDEX "payments_order_key";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_customer_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
-- Every line of an order paid so far was paid in full; a line refunded without being paid cannot exist.
UPDATE "order_items" SET "paid_cents" = CASE WHEN "orders"."status" IN ('paid', 'refunded') THEN "order_items"."price_cents" ELSE "order_items"."refunded_cents" END FROM "orders" WHERE "orders"."id" = "order_items"."order_id";--> statement-breakpoint
ALTER TABLE "instalment_seats" ADD CONSTRAINT "instalment_seats_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_seats" ADD CONSTRAINT "instalment_seats_order_item_fk" FOREIGN KEY ("order_id","class_id","camper_id") REFERENCES "public"."order_items"("order_id","class_id","camper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instalment_seats_seat_idx" ON "instalment_seats" USING btree ("order_id","class_id","camper_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_payment_intent_key" ON "instalments" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_payment_key" ON "instalments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "instalments_order_idx" ON "instalments" USING btree ("order_id","due_day");--> statement-breakpoint
CREATE INDEX "instalments_student_idx" ON "instalments" USING btree ("student_id","due_day");--> statement-breakpoint
CREATE INDEX "instalments_due_idx" ON "instalments" USING btree ("due_day") WHERE "instalments"."status" in ('scheduled', 'failed', 'charging');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_key" ON "payments" USING btree ("order_id") WHERE "payments"."kind" = 'checkout';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_paid_check" CHECK ("order_items"."refunded_cents" >= 0 and "order_items"."refunded_cents" <= "order_items"."paid_cents" and "order_items"."paid_cents" <= "order_items"."price_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('checkout', 'instalment'));--> statement-breakpoint
-- An instalment charges exactly the shares of its seats: checked when the transaction commits, so a
-- seat's share and its instalment's amount may change one after the other within it.
CREATE FUNCTION "instalment_amount_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    target := OLD.instalment_id;
  ELSIF TG_TABLE_NAME = 'instalments' THEN
    target := NEW.id;
  ELSE
    target := NEW.instalment_id;
  END IF;
  IF EXISTS (
    SELECT 1 FROM "instalments" i
    WHERE i.id = target
      AND i.amount_cents <> coalesce((SELECT sum(s.cents) FROM "instalment_seats" s WHERE s.instalment_id = i.id), 0)
  ) THEN
    RAISE EXCEPTION 'an instalment''s amount differs from its seats'' shares' USING ERRCODE = '23514', CONSTRAINT = 'instalments_seats_sum_check';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "instalments_seats_sum_check" AFTER INSERT OR UPDATE OF "amount_cents" ON "instalments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "instalment_amount_holds"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "instalment_seats_sum_check" AFTER INSERT OR UPDATE OR DELETE ON "instalment_seats" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "instalment_amount_holds"();