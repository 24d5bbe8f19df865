ALTER TYPE "public"."refund_rule" ADD VALUE 'paid_late';--> statement-breakpoint
DROP INDEX "payments_one_pending_per_user_plan";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "may_complete_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_plan_per_user" ON "payments" USING btree ("user_id") WHERE "payments"."status" = 'pending' and "payments"."plan_id" is not null;