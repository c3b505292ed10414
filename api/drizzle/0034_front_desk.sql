CREATE TABLE "account_claims" (
	"family_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_claims_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "account_claims_hash_length" CHECK (char_length("account_claims"."token_hash") = 64)
);
--> statement-breakpoint
CREATE TABLE "office_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"family_id" uuid,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "office_actions_summary_length" CHECK (char_length("office_actions"."summary") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "payment_shares" (
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"camper_id" uuid NOT NULL,
	"cents" integer NOT NULL,
	CONSTRAINT "payment_shares_payment_id_class_id_camper_id_pk" PRIMARY KEY("payment_id","class_id","camper_id"),
	CONSTRAINT "payment_shares_cents_check" CHECK ("payment_shares"."cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_due_day" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "booked_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "account_claims" ADD CONSTRAINT "account_claims_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_actions" ADD CONSTRAINT "office_actions_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_shares" ADD CONSTRAINT "payment_shares_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_shares" ADD CONSTRAINT "payment_shares_order_item_fk" FOREIGN KEY ("order_id","class_id","camper_id") REFERENCES "public"."order_items"("order_id","class_id","camper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_actions_at_idx" ON "office_actions" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "office_actions_family_idx" ON "office_actions" USING btree ("family_id","at");--> statement-breakpoint
CREATE INDEX "payment_shares_seat_idx" ON "payment_shares" USING btree ("order_id","class_id","camper_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_office_due_idx" ON "orders" USING btree ("balance_due_day") WHERE "orders"."channel" = 'office';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK ("orders"."channel" in ('online', 'office'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_office_check" CHECK ("orders"."channel" = 'office' or ("orders"."balance_due_day" is null and "orders"."booked_by" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_office_plan_check" CHECK ("orders"."channel" = 'online' or "orders"."plan" is null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'cash', 'cheque', 'bank_transfer'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offline_check" CHECK (("payments"."kind" = 'offline') = ("payments"."method" <> 'card') and ("payments"."kind" = 'offline') = ("payments"."received_on" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reference_check" CHECK ("payments"."method" not in ('cheque', 'bank_transfer') or char_length(coalesce("payments"."reference", '')) between 1 and 60);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0 or "payments"."kind" = 'checkout');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('checkout', 'instalment', 'offline', 'balance'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('card', 'cash', 'cheque', 'bank_transfer'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_offline_check" CHECK ("refunds"."method" = 'card' or ("refunds"."status" = 'succeeded' and "refunds"."origin" = 'site' and "refunds"."provider_refund_id" is null));--> statement-breakpoint
CREATE FUNCTION "payment_shares_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- A front-desk payment (offline, or the family's card payment of a balance) is exactly its shares
  -- of the order's lines; a deleted payment takes its shares with it.
  IF EXISTS (
    SELECT 1 FROM "payments" p
    WHERE p.id = target
      AND p.kind IN ('offline', 'balance')
      AND p.amount_cents <> coalesce((SELECT sum(s.cents) FROM "payment_shares" s WHERE s.payment_id = p.id), 0)
  ) THEN
    RAISE EXCEPTION 'a front-desk payment differs from its shares of the lines' USING ERRCODE = '23514', CONSTRAINT = 'payment_shares_sum_check';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_shares_sum_check" AFTER INSERT OR UPDATE OF "amount_cents" ON "payments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "payment_shares_hold"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payment_shares_sum_check" AFTER INSERT OR UPDATE OR DELETE ON "payment_shares" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "payment_shares_hold"();
