DROP INDEX "packages_featured_idx";--> statement-breakpoint
DROP INDEX "packages_rating_idx";--> statement-breakpoint
DROP INDEX "packages_category_idx";--> statement-breakpoint
DROP INDEX "packages_price_idx";--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "packages_listed_created_idx" ON "packages" USING btree ("created_at","id") WHERE "packages"."listed";--> statement-breakpoint
CREATE INDEX "packages_featured_idx" ON "packages" USING btree ("featured","created_at","id") WHERE "packages"."listed";--> statement-breakpoint
CREATE INDEX "packages_rating_idx" ON "packages" USING btree ("rating_avg","rating_count") WHERE "packages"."listed";--> statement-breakpoint
CREATE INDEX "packages_category_idx" ON "packages" USING btree ("category_id","created_at") WHERE "packages"."listed";--> statement-breakpoint
CREATE INDEX "packages_price_idx" ON "packages" USING btree ("price") WHERE "packages"."listed";--> statement-breakpoint
-- Packages whose planner may no longer offer packages (a client: a planner who was demoted) leave
-- the catalogue. Written before the triggers below exist, so the counts are recounted at the end.
UPDATE "packages" AS p SET "listed" = false
  FROM "users" AS u
  WHERE u."id" = p."planner_id" AND u."role" NOT IN ('planner', 'admin');--> statement-breakpoint
-- A package is listed while its planner's role may offer packages: planners and admins, the roles
-- that may create them.
CREATE FUNCTION "packages_set_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."listed" := coalesce((
    SELECT u."role" IN ('planner', 'admin') FROM "users" AS u WHERE u."id" = NEW."planner_id"), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "packages_listed_on_write" BEFORE INSERT OR UPDATE OF "planner_id", "listed" ON "packages"
  FOR EACH ROW EXECUTE FUNCTION "packages_set_listed"();--> statement-breakpoint
-- A role change that gives or takes the right to offer packages moves all of that user's packages
-- in one statement: the count triggers below see it as one update and stay exact.
CREATE FUNCTION "users_role_sets_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "packages" SET "listed" = "listed" WHERE "planner_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_role_listed" AFTER UPDATE OF "role" ON "users"
  FOR EACH ROW
  WHEN ((OLD."role" IN ('planner', 'admin')) IS DISTINCT FROM (NEW."role" IN ('planner', 'admin')))
  EXECUTE FUNCTION "users_role_sets_listed"();--> statement-breakpoint
-- The catalogue's totals count listed packages only: a package counts in its category while it is
-- listed, so leaving or rejoining the catalogue moves a count like a change of category does.
CREATE OR REPLACE FUNCTION "packages_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT "category_id", count(*)::int AS n FROM new_rows WHERE "listed" GROUP BY 1 ORDER BY 1 LOOP
    PERFORM "package_counts_add"(r."category_id", r.n);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "packages_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT "category_id", count(*)::int AS n FROM old_rows WHERE "listed" GROUP BY 1 ORDER BY 1 LOOP
    PERFORM "package_counts_add"(r."category_id", -r.n);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "packages_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT moves."category_id", sum(moves.n)::int AS n FROM (
      SELECT o."category_id", -1 AS n FROM old_rows AS o JOIN new_rows AS w ON w."id" = o."id"
        WHERE o."listed" AND (NOT w."listed" OR w."category_id" IS DISTINCT FROM o."category_id")
      UNION ALL
      SELECT w."category_id", 1 AS n FROM old_rows AS o JOIN new_rows AS w ON w."id" = o."id"
        WHERE w."listed" AND (NOT o."listed" OR w."category_id" IS DISTINCT FROM o."category_id")
    ) AS moves
    GROUP BY 1 HAVING sum(moves.n) <> 0 ORDER BY 1
  LOOP
    PERFORM "package_counts_add"(r."category_id", r.n);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO "package_counts" ("category_id", "total")
  SELECT c."id", (SELECT count(*) FROM "packages" AS p WHERE p."category_id" = c."id" AND p."listed")::int
  FROM "categories" AS c
  ON CONFLICT ("category_id") DO UPDATE SET "total" = EXCLUDED."total";
