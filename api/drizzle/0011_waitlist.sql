CREATE TABLE "waitlist_campers" (
	"entry_id" uuid NOT NULL,
	"camper_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"dropped_reason" text
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"rank" bigint NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"size" integer NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"order_id" uuid,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_size_check" CHECK ("waitlist_entries"."size" between 0 and 20),
	CONSTRAINT "waitlist_state_check" CHECK ("waitlist_entries"."state" in ('waiting', 'offered', 'accepted', 'declined', 'expired', 'left', 'removed')),
	CONSTRAINT "waitlist_offer_check" CHECK ("waitlist_entries"."state" <> 'offered' or ("waitlist_entries"."offer_expires_at" is not null and "waitlist_entries"."size" > 0)),
	CONSTRAINT "waitlist_waiting_size_check" CHECK ("waitlist_entries"."state" <> 'waiting' or "waitlist_entries"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "waitlist_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classes" DROP CONSTRAINT "classes_seats_check";--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "offered_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "waiting_entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_campers" ADD CONSTRAINT "waitlist_campers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_campers" ADD CONSTRAINT "waitlist_campers_family_camper_fk" FOREIGN KEY ("camper_id","family_id") REFERENCES "public"."campers"("id","family_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_events" ADD CONSTRAINT "waitlist_events_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_campers_key" ON "waitlist_campers" USING btree ("entry_id","camper_id");--> statement-breakpoint
CREATE INDEX "waitlist_campers_camper_idx" ON "waitlist_campers" USING btree ("camper_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_active_per_family" ON "waitlist_entries" USING btree ("class_id","family_id") WHERE "waitlist_entries"."state" in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_rank_key" ON "waitlist_entries" USING btree ("class_id","rank");--> statement-breakpoint
CREATE INDEX "waitlist_family_idx" ON "waitlist_entries" USING btree ("family_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_offer_expiry_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."state" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_events_entry_idx" ON "waitlist_events" USING btree ("entry_id","at");--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_seats_check" CHECK ("classes"."enrolled_seats" >= 0 and "classes"."held_seats" >= 0 and "classes"."offered_seats" >= 0 and "classes"."waiting_entries" >= 0 and "classes"."enrolled_seats" + "classes"."held_seats" + "classes"."offered_seats" <= "classes"."available_seats");