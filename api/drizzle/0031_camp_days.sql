CREATE TABLE "attendance" (
	"class_id" uuid NOT NULL,
	"camper_id" uuid NOT NULL,
	"day" date NOT NULL,
	"state" text,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" uuid,
	"absent_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"checked_out_by" uuid,
	"departure" text,
	"collected_by" text,
	"pickup_person_id" uuid,
	"override_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_class_id_camper_id_day_pk" PRIMARY KEY("class_id","camper_id","day"),
	CONSTRAINT "attendance_state_check" CHECK ("attendance"."state" in ('in', 'absent', 'out')),
	CONSTRAINT "attendance_departure_check" CHECK ("attendance"."departure" in ('pickup', 'guardian', 'alone', 'override')),
	CONSTRAINT "attendance_facts_check" CHECK (("attendance"."state" is null and "attendance"."checked_in_at" is null and "attendance"."checked_out_at" is null and "attendance"."absent_at" is null)
        or ("attendance"."state" = 'absent' and "attendance"."absent_at" is not null and "attendance"."checked_in_at" is null and "attendance"."checked_out_at" is null)
        or ("attendance"."state" = 'in' and "attendance"."checked_in_at" is not null and "attendance"."checked_out_at" is null)
        or ("attendance"."state" = 'out' and "attendance"."checked_in_at" is not null and "attendance"."checked_out_at" is not null and "attendance"."departure" is not null)),
	CONSTRAINT "attendance_departure_facts_check" CHECK (("attendance"."departure" is null) = ("attendance"."checked_out_at" is null)
        and ("attendance"."departure" = 'override') = ("attendance"."override_note" is not null)
        and ("attendance"."departure" in ('pickup', 'guardian')) = ("attendance"."collected_by" is not null)),
	CONSTRAINT "attendance_note_length" CHECK (char_length("attendance"."override_note") between 3 and 500)
);
--> statement-breakpoint
CREATE TABLE "attendance_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"camper_id" uuid NOT NULL,
	"day" date NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"client_id" text NOT NULL,
	"before" jsonb,
	"undoes" uuid,
	"undone_at" timestamp with time zone,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_actions_action_check" CHECK ("attendance_actions"."action" in ('check_in', 'absent', 'check_out', 'undo', 'wrong_pin')),
	CONSTRAINT "attendance_actions_client_length" CHECK (char_length("attendance_actions"."client_id") between 8 and 64)
);
--> statement-breakpoint
CREATE TABLE "camper_departures" (
	"camper_id" uuid PRIMARY KEY NOT NULL,
	"may_leave_alone" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"camper_id" uuid,
	"guardian_position" smallint,
	"name" text NOT NULL,
	"relation" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"pin_hash" text NOT NULL,
	"confirmed_season" integer NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_people_whose_check" CHECK (("pickup_people"."camper_id" is null) = ("pickup_people"."guardian_position" is not null)),
	CONSTRAINT "pickup_people_guardian_check" CHECK ("pickup_people"."guardian_position" in (1, 2)),
	CONSTRAINT "pickup_people_name_length" CHECK (char_length("pickup_people"."name") between 1 and 80),
	CONSTRAINT "pickup_people_relation_length" CHECK (char_length("pickup_people"."relation") between 1 and 40),
	CONSTRAINT "pickup_people_phone_length" CHECK (char_length("pickup_people"."phone") between 6 and 20),
	CONSTRAINT "pickup_people_email_length" CHECK (char_length("pickup_people"."email") between 3 and 254),
	CONSTRAINT "pickup_people_season_check" CHECK ("pickup_people"."confirmed_season" between 2000 and 2200)
);
--> statement-breakpoint
ALTER TABLE "sensitive_reads" DROP CONSTRAINT "sensitive_reads_reason_check";--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_camper_id_campers_id_fk" FOREIGN KEY ("camper_id") REFERENCES "public"."campers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_pickup_person_id_pickup_people_id_fk" FOREIGN KEY ("pickup_person_id") REFERENCES "public"."pickup_people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_actions" ADD CONSTRAINT "attendance_actions_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_actions" ADD CONSTRAINT "attendance_actions_camper_id_campers_id_fk" FOREIGN KEY ("camper_id") REFERENCES "public"."campers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_actions" ADD CONSTRAINT "attendance_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camper_departures" ADD CONSTRAINT "camper_departures_camper_id_campers_id_fk" FOREIGN KEY ("camper_id") REFERENCES "public"."campers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_people" ADD CONSTRAINT "pickup_people_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_people" ADD CONSTRAINT "pickup_people_camper_id_family_id_campers_id_family_id_fk" FOREIGN KEY ("camper_id","family_id") REFERENCES "public"."campers"("id","family_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_day_idx" ON "attendance" USING btree ("day","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_actions_client_key" ON "attendance_actions" USING btree ("actor_id","client_id");--> statement-breakpoint
CREATE INDEX "attendance_actions_day_idx" ON "attendance_actions" USING btree ("class_id","camper_id","day","at");--> statement-breakpoint
CREATE INDEX "pickup_people_camper_idx" ON "pickup_people" USING btree ("camper_id");--> statement-breakpoint
CREATE INDEX "pickup_people_family_idx" ON "pickup_people" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_people_guardian_key" ON "pickup_people" USING btree ("family_id","guardian_position") WHERE "pickup_people"."guardian_position" is not null and "pickup_people"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "sensitive_reads" ADD CONSTRAINT "sensitive_reads_reason_check" CHECK ("sensitive_reads"."reason" in ('roster', 'detail', 'family', 'roster-export', 'form', 'today'));