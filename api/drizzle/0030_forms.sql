CREATE TABLE "esign_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"disclosure_version" smallint NOT NULL,
	"action" text NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esign_consents_action_check" CHECK ("esign_consents"."action" in ('agreed', 'withdrawn')),
	CONSTRAINT "esign_consents_user_agent_length" CHECK (char_length("esign_consents"."user_agent") <= 512)
);
--> statement-breakpoint
CREATE TABLE "form_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"camper_id" uuid,
	"values" jsonb NOT NULL,
	"sealed_values" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_answers_subject_key" UNIQUE NULLS NOT DISTINCT("version_id","family_id","camper_id")
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"text_hash" text NOT NULL,
	"sign_again" boolean DEFAULT false NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_versions_version_check" CHECK ("form_versions"."version" >= 1),
	CONSTRAINT "form_versions_title_length" CHECK (char_length("form_versions"."title") between 1 and 120),
	CONSTRAINT "form_versions_intro_length" CHECK (char_length("form_versions"."intro") <= 20000),
	CONSTRAINT "form_versions_hash_check" CHECK ("form_versions"."text_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audience" text NOT NULL,
	"all_classes" boolean DEFAULT true NOT NULL,
	"sports" text[] DEFAULT '{}'::text[] NOT NULL,
	"class_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"due_days_before" smallint NOT NULL,
	"created_by" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_audience_check" CHECK ("forms"."audience" in ('family', 'camper')),
	CONSTRAINT "forms_due_days_check" CHECK ("forms"."due_days_before" between 0 and 120),
	CONSTRAINT "forms_targets_check" CHECK ("forms"."all_classes" or cardinality("forms"."sports") + cardinality("forms"."class_ids") > 0)
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"camper_id" uuid,
	"signer_id" uuid NOT NULL,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"consent_id" uuid NOT NULL,
	"text_hash" text NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signatures_subject_key" UNIQUE NULLS NOT DISTINCT("version_id","family_id","camper_id"),
	CONSTRAINT "signatures_signer_name_length" CHECK (char_length("signatures"."signer_name") between 2 and 120),
	CONSTRAINT "signatures_hash_check" CHECK ("signatures"."text_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "signatures_user_agent_length" CHECK (char_length("signatures"."user_agent") <= 512)
);
--> statement-breakpoint
ALTER TABLE "sensitive_reads" DROP CONSTRAINT "sensitive_reads_reason_check";--> statement-breakpoint
ALTER TABLE "esign_consents" ADD CONSTRAINT "esign_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_version_id_form_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."form_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_family_camper_fk" FOREIGN KEY ("camper_id","family_id") REFERENCES "public"."campers"("id","family_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_answer_id_form_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."form_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_version_id_form_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."form_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_consent_id_esign_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."esign_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esign_consents_user_idx" ON "esign_consents" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "form_answers_family_idx" ON "form_answers" USING btree ("family_id","form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_form_version_key" ON "form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "signatures_answer_key" ON "signatures" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "signatures_family_idx" ON "signatures" USING btree ("family_id","signed_at");--> statement-breakpoint
ALTER TABLE "sensitive_reads" ADD CONSTRAINT "sensitive_reads_reason_check" CHECK ("sensitive_reads"."reason" in ('roster', 'detail', 'family', 'roster-export', 'form'));--> statement-breakpoint
-- A published version, a signature and an e-sign consent are records of what happened: refused
-- any change, so what a family signed is always the text it saw. A newer record supersedes one.
CREATE FUNCTION "refuse_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a % row is a record and cannot be changed', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "form_versions_unchanged" BEFORE UPDATE ON "form_versions" FOR EACH ROW EXECUTE FUNCTION "refuse_record_change"();--> statement-breakpoint
CREATE TRIGGER "signatures_unchanged" BEFORE UPDATE ON "signatures" FOR EACH ROW EXECUTE FUNCTION "refuse_record_change"();--> statement-breakpoint
CREATE TRIGGER "esign_consents_unchanged" BEFORE UPDATE ON "esign_consents" FOR EACH ROW EXECUTE FUNCTION "refuse_record_change"();--> statement-breakpoint
-- An answer can be changed until it is signed, and never after.
CREATE FUNCTION "refuse_signed_answer_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "signatures" s WHERE s.answer_id = OLD.id) THEN
    RAISE EXCEPTION 'a signed answer cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "form_answers_signed_unchanged" BEFORE UPDATE ON "form_answers" FOR EACH ROW EXECUTE FUNCTION "refuse_signed_answer_change"();
