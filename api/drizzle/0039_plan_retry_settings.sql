ALTER TABLE "plan_settings" ADD COLUMN "retries" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_settings" ADD COLUMN "retry_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_settings" ADD CONSTRAINT "plan_settings_retries_check" CHECK ("plan_settings"."retries" between 0 and 10);--> statement-breakpoint
ALTER TABLE "plan_settings" ADD CONSTRAINT "plan_settings_retry_days_check" CHECK ("plan_settings"."retry_days" between 1 and 14);