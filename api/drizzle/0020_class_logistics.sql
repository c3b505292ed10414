ALTER TABLE "classes" ADD COLUMN "venue_address" text;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "drop_off" time;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "pick_up" time;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "what_to_bring" text;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_venue_address_length" CHECK (char_length("classes"."venue_address") between 1 and 300);--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_what_to_bring_length" CHECK (char_length("classes"."what_to_bring") between 1 and 1000);--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_drop_off_check" CHECK ("classes"."drop_off" is null or ("classes"."start_time" is not null and "classes"."drop_off" <= "classes"."start_time"));--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_pick_up_check" CHECK ("classes"."pick_up" is null or ("classes"."end_time" is not null and "classes"."pick_up" >= "classes"."end_time"));