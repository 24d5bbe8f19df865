CREATE TYPE "public"."payment_method" AS ENUM('mpesa', 'card');--> statement-breakpoint
CREATE TYPE "public"."payment_purpose" AS ENUM('deposit', 'balance', 'plan');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'succeeded', 'failed', 'cancelled', 'expired');--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid,
	"user_id" uuid NOT NULL,
	"purpose" "payment_purpose" NOT NULL,
	"plan_id" text,
	"method" "payment_method" NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'KES' NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"provider_ref" text,
	"receipt" text,
	"phone" text,
	"checkout_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_currency_kes" CHECK ("payments"."currency" = 'KES'),
	CONSTRAINT "payments_mpesa_whole_shillings" CHECK ("payments"."method" <> 'mpesa' or "payments"."amount" = trunc("payments"."amount")),
	CONSTRAINT "payments_purpose_target" CHECK (("payments"."purpose" = 'plan') = ("payments"."plan_id" is not null) and ("payments"."purpose" = 'plan' or "payments"."booking_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_percent" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "deposit_percent" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_unique" ON "payments" USING btree ("provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_unique" ON "payments" USING btree ("receipt");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_booking_purpose" ON "payments" USING btree ("booking_id","purpose") WHERE "payments"."status" = 'pending' and "payments"."booking_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_user_plan" ON "payments" USING btree ("user_id","plan_id") WHERE "payments"."status" = 'pending' and "payments"."plan_id" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_deposit_percent_range" CHECK ("bookings"."deposit_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_deposit_percent_range" CHECK ("packages"."deposit_percent" between 0 and 100);