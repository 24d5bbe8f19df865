-- Quotes, cancellation policies, paying the balance in parts, enquiries and replies to reviews
-- (docs/bookings-and-calendar.md, docs/money.md). An enquiry is a booking row of kind 'enquiry'.
-- Existing bookings were requested when they were made.
CREATE TYPE "public"."booking_kind" AS ENUM('booking', 'enquiry');--> statement-breakpoint
CREATE TYPE "public"."cancellation_policy" AS ENUM('flexible', 'moderate', 'strict');--> statement-breakpoint
CREATE TYPE "public"."quote_status" AS ENUM('offered', 'accepted', 'declined', 'expired');--> statement-breakpoint
ALTER TYPE "public"."payment_purpose" ADD VALUE 'instalment';--> statement-breakpoint
ALTER TYPE "public"."refund_rule" ADD VALUE 'client_flexible_7_days_or_more';--> statement-breakpoint
ALTER TYPE "public"."refund_rule" ADD VALUE 'client_flexible_under_7_days';--> statement-breakpoint
ALTER TYPE "public"."refund_rule" ADD VALUE 'client_strict_90_days_or_more';--> statement-breakpoint
ALTER TYPE "public"."refund_rule" ADD VALUE 'client_strict_30_to_89_days';--> statement-breakpoint
ALTER TYPE "public"."refund_rule" ADD VALUE 'client_strict_under_30_days';--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "kind" "booking_kind" DEFAULT 'booking' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "bookings" SET "requested_at" = "created_at";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guests" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "budget_cents" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" "cancellation_policy" DEFAULT 'moderate' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote_status" "quote_status";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote_deposit_percent" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote_message" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote_event_date" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "cancellation_policy" "cancellation_policy" DEFAULT 'moderate' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_quote_offered_idx" ON "bookings" USING btree ("quote_expires_at") WHERE "bookings"."quote_status" = 'offered';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_whole" CHECK ("bookings"."quote_status" is null or ("bookings"."quote_price_cents" > 0 and "bookings"."quote_deposit_percent" between 0 and 100 and "bookings"."quote_expires_at" is not null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guests_positive" CHECK ("bookings"."guests" is null or "bookings"."guests" > 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_budget_nonnegative" CHECK ("bookings"."budget_cents" is null or "bookings"."budget_cents" >= 0);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_length" CHECK ("reviews"."reply_text" is null or char_length("reviews"."reply_text") between 1 and 1000);