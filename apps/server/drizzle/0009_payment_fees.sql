ALTER TABLE "payments" ADD COLUMN "fee" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_within_amount" CHECK ("payments"."fee" >= 0 and "payments"."fee" <= "payments"."amount");