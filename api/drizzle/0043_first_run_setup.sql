CREATE TABLE "first_run_setup" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "first_run_setup_one_row" CHECK ("first_run_setup"."id" = 1)
);
