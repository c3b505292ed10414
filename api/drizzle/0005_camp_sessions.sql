ALTER TABLE "classes" ADD COLUMN "sport" text;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "weekdays" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "start_time" time;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "end_time" time;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "age_min" integer;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "age_max" integer;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_sport_check" CHECK ("classes"."sport" in ('soccer', 'basketball', 'tennis', 'swimming', 'athletics', 'volleyball', 'martial-arts', 'climbing', 'cycling', 'baseball', 'gymnastics', 'table-tennis', 'golf'));--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_level_check" CHECK ("classes"."level" in ('beginner', 'intermediate', 'advanced', 'all'));--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_weekdays_check" CHECK ("classes"."weekdays" <@ array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']::text[]);--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_schedule_check" CHECK (("classes"."start_date" is null and "classes"."end_date" is null and "classes"."start_time" is null and "classes"."end_time" is null and cardinality("classes"."weekdays") = 0) or ("classes"."start_date" is not null and "classes"."end_date" is not null and "classes"."end_date" >= "classes"."start_date" and "classes"."start_time" is not null and "classes"."end_time" is not null and "classes"."end_time" > "classes"."start_time" and cardinality("classes"."weekdays") between 1 and 7));--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_ages_check" CHECK (("classes"."age_min" is null and "classes"."age_max" is null) or ("classes"."age_min" is not null and "classes"."age_max" is not null and "classes"."age_min" between 5 and 18 and "classes"."age_max" between "classes"."age_min" and 18));--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_location_length" CHECK (char_length("classes"."location") between 1 and 120);