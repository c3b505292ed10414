CREATE TABLE "plan_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"grace_days" integer DEFAULT 7 NOT NULL,
	"at_risk_action" text DEFAULT 'keep' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_settings_one_row" CHECK ("plan_settings"."id" = 1),
	CONSTRAINT "plan_settings_grace_check" CHECK ("plan_settings"."grace_days" between 0 and 90),
	CONSTRAINT "plan_settings_action_check" CHECK ("plan_settings"."at_risk_action" in ('keep', 'cancel'))
);
--> statement-breakpoint
ALTER TABLE "instalments" ADD COLUMN "at_risk_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_settings" ADD CONSTRAINT "plan_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_at_risk_check" CHECK ("instalments"."at_risk_since" is null or ("instalments"."status" = 'failed' and "instalments"."next_attempt_at" is null));--> statement-breakpoint
-- Charges already at risk count their grace period from their last change, the refusal that left none.
UPDATE "instalments" SET "at_risk_since" = "updated_at" WHERE "status" = 'failed' AND "next_attempt_at" IS NULL;
