CREATE TABLE "guardians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"relation" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardians_position_check" CHECK ("guardians"."position" in (1, 2)),
	CONSTRAINT "guardians_email_check" CHECK (("guardians"."position" = 1) = ("guardians"."email" is null)),
	CONSTRAINT "guardians_name_length" CHECK (char_length("guardians"."name") between 1 and 80),
	CONSTRAINT "guardians_relation_length" CHECK (char_length("guardians"."relation") between 1 and 40),
	CONSTRAINT "guardians_phone_length" CHECK (char_length("guardians"."phone") between 6 and 20),
	CONSTRAINT "guardians_email_length" CHECK (char_length("guardians"."email") between 3 and 254),
	CONSTRAINT "guardians_address_length" CHECK (char_length("guardians"."address_line1") between 1 and 120 and char_length("guardians"."address_line2") <= 120
        and char_length("guardians"."city") between 1 and 80 and char_length("guardians"."region") <= 80
        and char_length("guardians"."postal_code") between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_family_position_key" ON "guardians" USING btree ("family_id","position");