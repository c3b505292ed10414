CREATE TABLE "waiting_room_load" (
	"process" text PRIMARY KEY NOT NULL,
	"pressure" double precision NOT NULL,
	"refused" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "waiting_room_load_refused_counted" CHECK ("waiting_room_load"."refused" >= 0)
);
--> statement-breakpoint
CREATE TABLE "waiting_room_places" (
	"opens_at" timestamp with time zone NOT NULL,
	"place" integer NOT NULL,
	"user_id" uuid,
	"browser_id" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admitted_at" timestamp with time zone,
	CONSTRAINT "waiting_room_places_opens_at_place_pk" PRIMARY KEY("opens_at","place"),
	CONSTRAINT "waiting_room_places_place_positive" CHECK ("waiting_room_places"."place" > 0)
);
--> statement-breakpoint
CREATE TABLE "waiting_rooms" (
	"opens_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"last_place" integer DEFAULT 0 NOT NULL,
	"admitted" double precision DEFAULT 0 NOT NULL,
	"rate_per_second" double precision NOT NULL,
	"paced_at" timestamp with time zone NOT NULL,
	"last_join_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waiting_rooms_admitted_within_places" CHECK ("waiting_rooms"."admitted" >= 0 and "waiting_rooms"."admitted" <= "waiting_rooms"."last_place"),
	CONSTRAINT "waiting_rooms_rate_positive" CHECK ("waiting_rooms"."rate_per_second" > 0)
);
--> statement-breakpoint
ALTER TABLE "waiting_room_places" ADD CONSTRAINT "waiting_room_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_places" ADD CONSTRAINT "waiting_room_places_opens_at_waiting_rooms_opens_at_fk" FOREIGN KEY ("opens_at") REFERENCES "public"."waiting_rooms"("opens_at") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_places_one_per_account" ON "waiting_room_places" USING btree ("opens_at","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_places_one_per_browser" ON "waiting_room_places" USING btree ("opens_at","browser_id");