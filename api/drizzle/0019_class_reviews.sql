CREATE TABLE "class_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"author_id" uuid,
	"kind" text NOT NULL,
	"message" text,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_reviews_kind_check" CHECK ("class_reviews"."kind" in ('resubmitted', 'changes_proposed', 'approved', 'denied', 'changes_accepted', 'changes_rejected', 'feedback')),
	CONSTRAINT "class_reviews_message_length" CHECK (char_length("class_reviews"."message") between 1 and 2000),
	CONSTRAINT "class_reviews_reason_check" CHECK ("class_reviews"."kind" not in ('denied', 'feedback', 'changes_rejected') or "class_reviews"."message" is not null),
	CONSTRAINT "class_reviews_changes_object" CHECK ("class_reviews"."changes" is null or jsonb_typeof("class_reviews"."changes") = 'object')
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "proposed_changes" jsonb;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_reviews" ADD CONSTRAINT "class_reviews_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_reviews" ADD CONSTRAINT "class_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_reviews_class_idx" ON "class_reviews" USING btree ("class_id","created_at","id");--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_proposal_check" CHECK (("classes"."proposed_changes" is null and "classes"."proposed_at" is null) or (jsonb_typeof("classes"."proposed_changes") = 'object' and "classes"."proposed_at" is not null and "classes"."status" = 'approved'));--> statement-breakpoint
-- The feedback classes already have starts their threads: nothing an admin wrote is lost.
INSERT INTO "class_reviews" ("class_id", "kind", "message", "created_at") SELECT "id", 'feedback', "feedback", "updated_at" FROM "classes" WHERE "feedback" IS NOT NULL AND char_length("feedback") between 1 and 2000;
