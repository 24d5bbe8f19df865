-- The catalogue's search (issue 18): words, not substrings. A package's words, its title's weighing
-- more than its description's, in the 'simple' configuration (lower case, no stemming), so that
-- Kiswahili and English words both match as written. Written by hand: drizzle does not know the
-- column (schema.ts's selects would carry it), see packages-search.queries.ts.
ALTER TABLE "packages" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', "title"), 'A') || setweight(to_tsvector('simple', "description"), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "packages_search_idx" ON "packages" USING gin ("search");--> statement-breakpoint
-- Every word the catalogue has held, for typo tolerance: a searched word of five letters or more
-- that no package has is replaced by the known words most like it (pg_trgm). Words only come:
-- one whose last package went matches nothing, which is what searching for it should find.
CREATE TABLE "search_words" ("word" text PRIMARY KEY NOT NULL);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w.lexeme FROM "packages" AS p, unnest(p."search") AS w
  WHERE length(w.lexeme) >= 5
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "packages_note_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
    SELECT DISTINCT w.lexeme FROM new_rows AS p, unnest(p."search") AS w
    WHERE length(w.lexeme) >= 5
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "packages_words_insert" AFTER INSERT ON "packages"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "packages_note_words"();--> statement-breakpoint
CREATE TRIGGER "packages_words_update" AFTER UPDATE ON "packages"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "packages_note_words"();
--> statement-breakpoint
-- A category's packages by price: a price range within a category, counted (up to 1,000) from the
-- index alone, and sorted by price.
CREATE INDEX "packages_category_price_idx" ON "packages" USING btree ("category_id","price") WHERE "packages"."listed";
