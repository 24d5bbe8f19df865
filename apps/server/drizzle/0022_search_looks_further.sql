-- A package's words (migration 0015) now hold what a search looks at, weighed in the order a search
-- ranks them: the title (A), its category's names in both languages (B), its town and its
-- planner's name (C), the description (D). The category and the planner live in other tables, so
-- the column is no longer generated but kept by triggers; its name, type, index and the words noted
-- for typo tolerance stay, so the previous release's searches go on working.
ALTER TABLE "packages" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
CREATE FUNCTION "package_search_words"(
  "title" text, "description" text, "location" text, "category" uuid, "planner" uuid
) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', "title"), 'A')
    || setweight(to_tsvector('simple', coalesce(
         (SELECT c."name" || ' ' || c."name_sw" FROM "categories" AS c WHERE c."id" = "category"), '')), 'B')
    || setweight(to_tsvector('simple', "location" || ' ' || coalesce(
         (SELECT u."username" FROM "users" AS u WHERE u."id" = "planner"), '')), 'C')
    || setweight(to_tsvector('simple', "description"), 'D')
$$;--> statement-breakpoint
CREATE FUNCTION "packages_set_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search" := package_search_words(NEW."title", NEW."description", NEW."location", NEW."category_id", NEW."planner_id");
  RETURN NEW;
END $$;--> statement-breakpoint
-- Writing `search` itself (as the triggers below do) recomputes it: nothing else can set it.
CREATE TRIGGER "packages_search_set" BEFORE INSERT OR UPDATE OF
  "title", "description", "location", "category_id", "planner_id", "search" ON "packages"
  FOR EACH ROW EXECUTE FUNCTION "packages_set_search"();--> statement-breakpoint
CREATE FUNCTION "categories_renew_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "packages" SET "search" = NULL WHERE "category_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "categories_search_renew" AFTER UPDATE OF "name", "name_sw" ON "categories"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."name_sw" IS DISTINCT FROM NEW."name_sw")
  EXECUTE FUNCTION "categories_renew_search"();--> statement-breakpoint
CREATE FUNCTION "users_renew_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "packages" SET "search" = NULL WHERE "planner_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_search_renew" AFTER UPDATE OF "username" ON "users"
  FOR EACH ROW WHEN (OLD."username" IS DISTINCT FROM NEW."username")
  EXECUTE FUNCTION "users_renew_search"();--> statement-breakpoint
-- Every package's words again, through the trigger; 0015's trigger notes the new words (towns,
-- categories, planners) for typo tolerance.
UPDATE "packages" SET "search" = NULL;
