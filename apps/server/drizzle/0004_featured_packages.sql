ALTER TABLE "packages" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "packages_featured_idx" ON "packages" USING btree ("featured","created_at","id");--> statement-breakpoint
UPDATE "packages" AS p SET "featured" = pl."featured_listing"
  FROM "users" AS u JOIN "plans" AS pl ON pl."id" = u."plan_id"
  WHERE u."id" = p."planner_id";--> statement-breakpoint
-- A package is featured when its planner's plan includes a featured listing (DESIGN.md §5).
CREATE FUNCTION "packages_set_featured"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."featured" := coalesce((
    SELECT pl."featured_listing" FROM "users" AS u JOIN "plans" AS pl ON pl."id" = u."plan_id"
    WHERE u."id" = NEW."planner_id"), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "packages_featured_on_write" BEFORE INSERT OR UPDATE OF "planner_id", "featured" ON "packages"
  FOR EACH ROW EXECUTE FUNCTION "packages_set_featured"();--> statement-breakpoint
CREATE FUNCTION "users_plan_sets_featured"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "packages" SET "featured" = "featured" WHERE "planner_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_plan_featured" AFTER UPDATE OF "plan_id" ON "users"
  FOR EACH ROW WHEN (OLD."plan_id" IS DISTINCT FROM NEW."plan_id")
  EXECUTE FUNCTION "users_plan_sets_featured"();--> statement-breakpoint
CREATE FUNCTION "plans_featured_sets_featured"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "packages" AS p SET "featured" = p."featured"
    FROM "users" AS u WHERE u."id" = p."planner_id" AND u."plan_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "plans_featured_listing" AFTER UPDATE OF "featured_listing" ON "plans"
  FOR EACH ROW WHEN (OLD."featured_listing" IS DISTINCT FROM NEW."featured_listing")
  EXECUTE FUNCTION "plans_featured_sets_featured"();
