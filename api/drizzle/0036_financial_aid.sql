CREATE TABLE "aid_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"camper_id" uuid NOT NULL,
	"household_size" integer NOT NULL,
	"requested_cents" integer NOT NULL,
	"sealed_statement" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"award_cents" integer,
	"award_percent" integer,
	"decision_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "aid_applications_status_check" CHECK ("aid_applications"."status" in ('pending', 'awarded', 'declined')),
	CONSTRAINT "aid_applications_household_check" CHECK ("aid_applications"."household_size" between 1 and 20),
	CONSTRAINT "aid_applications_requested_check" CHECK ("aid_applications"."requested_cents" between 100 and 10000000),
	CONSTRAINT "aid_applications_award_check" CHECK (("aid_applications"."status" = 'awarded') = ("aid_applications"."award_cents" is not null) and ("aid_applications"."award_cents" is null or "aid_applications"."award_cents" > 0)
        and ("aid_applications"."award_percent" is null or ("aid_applications"."award_cents" is not null and "aid_applications"."award_percent" between 1 and 100)))
);
--> statement-breakpoint
CREATE TABLE "aid_seasons" (
	"season" integer PRIMARY KEY NOT NULL,
	"budget_cents" integer NOT NULL,
	"camper_cap_cents" integer NOT NULL,
	"awarded_cents" integer DEFAULT 0 NOT NULL,
	"open" boolean DEFAULT false NOT NULL,
	"intro" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "aid_seasons_season_check" CHECK ("aid_seasons"."season" between 2000 and 2100),
	CONSTRAINT "aid_seasons_cap_check" CHECK ("aid_seasons"."camper_cap_cents" > 0 and "aid_seasons"."budget_cents" >= 0),
	CONSTRAINT "aid_seasons_budget_check" CHECK ("aid_seasons"."awarded_cents" >= 0 and "aid_seasons"."awarded_cents" <= "aid_seasons"."budget_cents")
);
--> statement-breakpoint
CREATE TABLE "aid_uses" (
	"order_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"camper_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"cents" integer NOT NULL,
	CONSTRAINT "aid_uses_pkey" PRIMARY KEY("order_id","class_id","camper_id"),
	CONSTRAINT "aid_uses_cents_check" CHECK ("aid_uses"."cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "sensitive_reads" DROP CONSTRAINT "sensitive_reads_reason_check";--> statement-breakpoint
-- The key aid_uses' foreign key refers to, made before it.
CREATE UNIQUE INDEX "aid_applications_id_camper_key" ON "aid_applications" USING btree ("id","camper_id");--> statement-breakpoint
ALTER TABLE "aid_applications" ADD CONSTRAINT "aid_applications_season_aid_seasons_season_fk" FOREIGN KEY ("season") REFERENCES "public"."aid_seasons"("season") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aid_applications" ADD CONSTRAINT "aid_applications_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aid_applications" ADD CONSTRAINT "aid_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aid_applications" ADD CONSTRAINT "aid_applications_family_camper_fk" FOREIGN KEY ("camper_id","family_id") REFERENCES "public"."campers"("id","family_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aid_uses" ADD CONSTRAINT "aid_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aid_uses" ADD CONSTRAINT "aid_uses_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aid_uses" ADD CONSTRAINT "aid_uses_application_camper_fk" FOREIGN KEY ("application_id","camper_id") REFERENCES "public"."aid_applications"("id","camper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aid_applications_camper_season_key" ON "aid_applications" USING btree ("camper_id","season");--> statement-breakpoint
CREATE INDEX "aid_applications_season_idx" ON "aid_applications" USING btree ("season","created_at");--> statement-breakpoint
CREATE INDEX "aid_uses_application_idx" ON "aid_uses" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "sensitive_reads" ADD CONSTRAINT "sensitive_reads_reason_check" CHECK ("sensitive_reads"."reason" in ('roster', 'detail', 'family', 'roster-export', 'form', 'today', 'aid'));