CREATE TYPE "public"."ledger_kind" AS ENUM('payment', 'refund', 'fee', 'fee_refund', 'payout');--> statement-breakpoint
CREATE TYPE "public"."refund_rule" AS ENUM('cancelled_by_planner', 'client_30_days_or_more', 'client_7_to_29_days', 'client_under_7_days', 'paid_after_cancellation');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"planner_id" uuid NOT NULL,
	"booking_id" uuid,
	"payment_id" uuid,
	"refund_id" uuid,
	"payout_id" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_target" CHECK (("ledger_entries"."kind" in ('payment', 'fee') and "ledger_entries"."payment_id" is not null and "ledger_entries"."booking_id" is not null)
        or ("ledger_entries"."kind" in ('refund', 'fee_refund') and "ledger_entries"."refund_id" is not null and "ledger_entries"."booking_id" is not null)
        or ("ledger_entries"."kind" = 'payout' and "ledger_entries"."payout_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"planner_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"rule" "refund_rule" NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"sent_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_planner_id_users_id_fk" FOREIGN KEY ("planner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_planner_id_users_id_fk" FOREIGN KEY ("planner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_payment_unique" ON "ledger_entries" USING btree ("kind","payment_id") WHERE "ledger_entries"."kind" in ('payment', 'fee');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_refund_unique" ON "ledger_entries" USING btree ("kind","refund_id") WHERE "ledger_entries"."kind" in ('refund', 'fee_refund');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_payout_unique" ON "ledger_entries" USING btree ("payout_id") WHERE "ledger_entries"."kind" = 'payout';--> statement-breakpoint
CREATE INDEX "ledger_planner_idx" ON "ledger_entries" USING btree ("planner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_unique" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payouts_planner_idx" ON "payouts" USING btree ("planner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_unique" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_ref_unique" ON "refunds" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
-- Backfill: the booking payments that succeeded before the ledger existed get their payment and fee rows.
INSERT INTO "ledger_entries" ("kind", "planner_id", "booking_id", "payment_id", "amount", "created_at")
SELECT 'payment', b."planner_id", p."booking_id", p."id", p."amount", coalesce(p."completed_at", p."created_at")
FROM "payments" p JOIN "bookings" b ON b."id" = p."booking_id"
WHERE p."status" = 'succeeded' AND p."purpose" <> 'plan';--> statement-breakpoint
INSERT INTO "ledger_entries" ("kind", "planner_id", "booking_id", "payment_id", "amount", "created_at")
SELECT 'fee', b."planner_id", p."booking_id", p."id", -p."fee", coalesce(p."completed_at", p."created_at")
FROM "payments" p JOIN "bookings" b ON b."id" = p."booking_id"
WHERE p."status" = 'succeeded' AND p."purpose" <> 'plan' AND p."fee" > 0;
