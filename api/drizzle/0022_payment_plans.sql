CREATE TABLE "payment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"deposit_percent" integer,
	"deposit_amount_cents" integer,
	"instalments" jsonb NOT NULL,
	"cutoff_days" integer DEFAULT 21 NOT NULL,
	"class_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plans_name_length" CHECK (char_length("payment_plans"."name") between 1 and 80),
	CONSTRAINT "payment_plans_deposit_check" CHECK (("payment_plans"."deposit_percent" is not null and "payment_plans"."deposit_percent" between 1 and 99 and "payment_plans"."deposit_amount_cents" is null) or ("payment_plans"."deposit_percent" is null and "payment_plans"."deposit_amount_cents" is not null and "payment_plans"."deposit_amount_cents" between 1 and 10000000)),
	CONSTRAINT "payment_plans_instalments_check" CHECK (jsonb_typeof("payment_plans"."instalments") = 'array' and jsonb_array_length("payment_plans"."instalments") between 1 and 12),
	CONSTRAINT "payment_plans_cutoff_check" CHECK ("payment_plans"."cutoff_days" between 0 and 365),
	CONSTRAINT "payment_plans_min_order_check" CHECK ("payment_plans"."min_order_cents" between 0 and 100000000)
);
