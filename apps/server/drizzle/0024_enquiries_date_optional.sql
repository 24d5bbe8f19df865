-- An enquiry (a booking row of kind 'enquiry', docs/decisions/025-enquiries-are-bookings.md) may
-- name no day yet; every other booking keeps its day.
ALTER TABLE "bookings" ALTER COLUMN "event_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_date_unless_enquiry" CHECK ("bookings"."kind" = 'enquiry' or "bookings"."event_date" is not null);