CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "rating_avg" numeric(3, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "packages_rating_idx" ON "packages" USING btree ("rating_avg","rating_count");--> statement-breakpoint
CREATE INDEX "packages_search_trgm_idx" ON "packages" USING gin (("title" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packages_location_trgm_idx" ON "packages" USING gin ("location" gin_trgm_ops);