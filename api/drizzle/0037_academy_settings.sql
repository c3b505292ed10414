CREATE TABLE "academy_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"legal_name" text NOT NULL,
	"address_lines" text[] NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"reply_to_email" text,
	"sender_name" text NOT NULL,
	"tax_id" text NOT NULL,
	"season_text" text NOT NULL,
	"day_text" text NOT NULL,
	"reply_time" text NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "academy_settings_one_row" CHECK ("academy_settings"."id" = 1),
	CONSTRAINT "academy_settings_address_check" CHECK (cardinality("academy_settings"."address_lines") between 1 and 3),
	CONSTRAINT "academy_settings_tax_id_check" CHECK ("academy_settings"."tax_id" ~ '^[0-9]{2}-[0-9]{7}$')
);
--> statement-breakpoint
ALTER TABLE "academy_settings" ADD CONSTRAINT "academy_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Today's academy, as the pages and messages have said it until now: nothing a user sees changes.
INSERT INTO "academy_settings" ("id", "name", "legal_name", "address_lines", "phone", "email", "reply_to_email", "sender_name", "tax_id", "season_text", "day_text", "reply_time", "social_links")
VALUES (1, 'Summit Sports Academy', 'Summit Sports Academy LLC', ARRAY['120 Riverside Drive', 'Portland, OR 97201'], '+1 (503) 555-0142', 'hello@summitsports.academy', NULL, 'Summit Sports Academy', '93-4172085', 'June to August', 'Each day has a sports block and a study block: a class runs in the morning or in the afternoon, and study mentors have campers for the other half.', 'within one working day', '{"facebook":"https://www.facebook.com/","x":"https://twitter.com/","instagram":"https://www.instagram.com/","youtube":"https://www.youtube.com/","pinterest":"https://www.pinterest.com/"}'::jsonb)
ON CONFLICT ("id") DO NOTHING;
