CREATE TABLE "class_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"sender_id" uuid,
	"sender_name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"recipients" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_messages_subject_length" CHECK (char_length("class_messages"."subject") between 1 and 120),
	CONSTRAINT "class_messages_body_length" CHECK (char_length("class_messages"."body") between 1 and 4000),
	CONSTRAINT "class_messages_recipients_check" CHECK ("class_messages"."recipients" >= 0)
);
--> statement-breakpoint
ALTER TABLE "class_messages" ADD CONSTRAINT "class_messages_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_messages" ADD CONSTRAINT "class_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_messages_class_idx" ON "class_messages" USING btree ("class_id","sent_at");