CREATE TABLE "campers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"is_self" boolean DEFAULT false NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date,
	"photo_consent" boolean DEFAULT false NOT NULL,
	"sealed_details" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campers_birth_check" CHECK ("campers"."is_self" or "campers"."removed_at" is not null or "campers"."date_of_birth" is not null),
	CONSTRAINT "campers_first_name_length" CHECK (char_length("campers"."first_name") between 1 and 60),
	CONSTRAINT "campers_last_name_length" CHECK (char_length("campers"."last_name") <= 60)
);--> statement-breakpoint
CREATE TABLE "sensitive_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reader_id" uuid NOT NULL,
	"reader_email" text NOT NULL,
	"reader_role" text NOT NULL,
	"camper_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"class_id" uuid,
	"reason" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_reads_reason_check" CHECK ("sensitive_reads"."reason" in ('roster', 'detail', 'family', 'roster-export'))
);--> statement-breakpoint
DROP INDEX "cart_items_student_class_key";--> statement-breakpoint
DROP INDEX "enrollments_student_class_key";--> statement-breakpoint
DROP INDEX "order_items_order_class_key";--> statement-breakpoint
ALTER TABLE "campers" ADD CONSTRAINT "campers_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_reads" ADD CONSTRAINT "sensitive_reads_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campers_one_self_per_family" ON "campers" USING btree ("family_id") WHERE "campers"."is_self";--> statement-breakpoint
CREATE INDEX "campers_family_idx" ON "campers" USING btree ("family_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campers_id_family_key" ON "campers" USING btree ("id","family_id");--> statement-breakpoint
CREATE INDEX "sensitive_reads_read_at_idx" ON "sensitive_reads" USING btree ("read_at","id");--> statement-breakpoint
CREATE INDEX "sensitive_reads_camper_idx" ON "sensitive_reads" USING btree ("camper_id","read_at");--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "camper_id" uuid;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "camper_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "camper_id" uuid;--> statement-breakpoint
-- Every existing booking belongs to the account holder's own "Myself" camper (decision 030): one per
-- account that has a cart line, a checkout or an enrolment; nothing else changes.
INSERT INTO "campers" ("family_id", "is_self", "first_name", "last_name")
SELECT u."id", true, left(u."name", 60), '' FROM "users" u
WHERE EXISTS (SELECT 1 FROM "cart_items" c WHERE c."student_id" = u."id")
   OR EXISTS (SELECT 1 FROM "orders" o WHERE o."student_id" = u."id")
   OR EXISTS (SELECT 1 FROM "enrollments" e WHERE e."student_id" = u."id");--> statement-breakpoint
UPDATE "cart_items" c SET "camper_id" = k."id" FROM "campers" k WHERE k."family_id" = c."student_id" AND k."is_self";--> statement-breakpoint
UPDATE "order_items" i SET "camper_id" = k."id" FROM "orders" o, "campers" k WHERE o."id" = i."order_id" AND k."family_id" = o."student_id" AND k."is_self";--> statement-breakpoint
UPDATE "enrollments" e SET "camper_id" = k."id" FROM "campers" k WHERE k."family_id" = e."student_id" AND k."is_self";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "camper_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "camper_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ALTER COLUMN "camper_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_family_camper_fk" FOREIGN KEY ("camper_id","student_id") REFERENCES "public"."campers"("id","family_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_family_camper_fk" FOREIGN KEY ("camper_id","student_id") REFERENCES "public"."campers"("id","family_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_camper_fk" FOREIGN KEY ("camper_id") REFERENCES "public"."campers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_camper_class_key" ON "cart_items" USING btree ("camper_id","class_id");--> statement-breakpoint
CREATE INDEX "cart_items_student_idx" ON "cart_items" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_camper_class_key" ON "enrollments" USING btree ("camper_id","class_id");--> statement-breakpoint
CREATE INDEX "enrollments_student_idx" ON "enrollments" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_class_camper_key" ON "order_items" USING btree ("order_id","class_id","camper_id");
