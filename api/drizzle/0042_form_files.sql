CREATE TABLE "form_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"camper_id" uuid,
	"form_id" uuid NOT NULL,
	"field_key" text NOT NULL,
	"kind" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sealed_content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_files_kind_check" CHECK ("form_files"."kind" in ('image', 'pdf')),
	CONSTRAINT "form_files_size_check" CHECK ("form_files"."byte_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_family_camper_fk" FOREIGN KEY ("camper_id","family_id") REFERENCES "public"."campers"("id","family_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_files_subject_idx" ON "form_files" USING btree ("family_id","form_id","field_key");