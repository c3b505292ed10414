CREATE TABLE "discount_uses" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"discount_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_uses_amount_check" CHECK ("discount_uses"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"percent_off" integer,
	"amount_off_cents" integer,
	"min_seats" integer,
	"valid_from" date,
	"valid_until" date,
	"max_uses" integer,
	"max_uses_per_family" integer,
	"class_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sports" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_kind_check" CHECK ("discounts"."kind" in ('code', 'sibling', 'multi_class')),
	CONSTRAINT "discounts_name_length" CHECK (char_length("discounts"."name") between 1 and 80),
	CONSTRAINT "discounts_code_check" CHECK (("discounts"."kind" = 'code') = ("discounts"."code" is not null) and ("discounts"."code" is null or "discounts"."code" ~ '^[A-Z0-9_-]{3,32}$')),
	CONSTRAINT "discounts_amount_check" CHECK (("discounts"."percent_off" is not null and "discounts"."percent_off" between 1 and 100 and "discounts"."amount_off_cents" is null) or ("discounts"."kind" = 'code' and "discounts"."percent_off" is null and "discounts"."amount_off_cents" is not null and "discounts"."amount_off_cents" between 1 and 10000000)),
	CONSTRAINT "discounts_min_seats_check" CHECK (("discounts"."kind" = 'multi_class') = ("discounts"."min_seats" is not null) and ("discounts"."min_seats" is null or "discounts"."min_seats" between 2 and 100)),
	CONSTRAINT "discounts_dates_check" CHECK ("discounts"."valid_from" is null or "discounts"."valid_until" is null or "discounts"."valid_until" >= "discounts"."valid_from"),
	CONSTRAINT "discounts_limits_check" CHECK (("discounts"."max_uses" is null or "discounts"."max_uses" >= 1) and ("discounts"."max_uses_per_family" is null or "discounts"."max_uses_per_family" >= 1)),
	CONSTRAINT "discounts_min_order_check" CHECK ("discounts"."min_order_cents" between 0 and 100000000),
	CONSTRAINT "discounts_sports_check" CHECK ("discounts"."sports" <@ array['soccer', 'basketball', 'tennis', 'swimming', 'athletics', 'volleyball', 'martial-arts', 'climbing', 'cycling', 'baseball', 'gymnastics', 'table-tennis', 'golf']::text[])
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "early_price_cents" integer;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "early_price_until" date;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "list_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_uses_discount_idx" ON "discount_uses" USING btree ("discount_id","family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_key" ON "discounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_one_active_family_kind" ON "discounts" USING btree ("kind") WHERE "discounts"."kind" <> 'code' and not "discounts"."paused";--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_early_price_check" CHECK (("classes"."early_price_cents" is null and "classes"."early_price_until" is null) or ("classes"."early_price_cents" is not null and "classes"."early_price_until" is not null and "classes"."early_price_cents" >= 0 and "classes"."early_price_cents" < "classes"."price_cents"));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_price_check" CHECK ("order_items"."price_cents" >= 0 and ("order_items"."list_price_cents" is null or "order_items"."price_cents" <= "order_items"."list_price_cents"));