CREATE TABLE "provider_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"created_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"refund_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"camper_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "refund_lines_refund_id_class_id_camper_id_pk" PRIMARY KEY("refund_id","class_id","camper_id"),
	CONSTRAINT "refund_lines_amount_check" CHECK ("refund_lines"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "origin" text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_origin_check" CHECK ("refunds"."origin" in ('site', 'provider'));