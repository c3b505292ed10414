CREATE INDEX "classes_instructor_created_idx" ON "classes" USING btree ("instructor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_class_created_idx" ON "enrollments" USING btree ("class_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_student_paid_idx" ON "payments" USING btree ("student_id","paid_at","id");