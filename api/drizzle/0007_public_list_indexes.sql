CREATE INDEX "classes_status_popular_idx" ON "classes" USING btree ("status","enrolled_seats","created_at","id");--> statement-breakpoint
CREATE INDEX "classes_status_price_idx" ON "classes" USING btree ("status","price_cents","id");--> statement-breakpoint
CREATE INDEX "classes_status_start_idx" ON "classes" USING btree ("status","start_date","id");--> statement-breakpoint
CREATE INDEX "classes_status_start_desc_idx" ON "classes" USING btree ("status","start_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "classes_status_name_idx" ON "classes" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "classes_sport_idx" ON "classes" USING btree ("sport","status");--> statement-breakpoint
CREATE INDEX "classes_level_idx" ON "classes" USING btree ("level","status");--> statement-breakpoint
CREATE INDEX "classes_ages_idx" ON "classes" USING btree ("age_min","age_max");--> statement-breakpoint
CREATE INDEX "classes_dates_idx" ON "classes" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "classes_instructor_status_idx" ON "classes" USING btree ("instructor_id","status");