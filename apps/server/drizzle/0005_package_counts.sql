CREATE TABLE "package_counts" (
	"category_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "package_counts" ADD CONSTRAINT "package_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "package_counts" ("category_id", "total")
  SELECT c."id", (SELECT count(*) FROM "packages" AS p WHERE p."category_id" = c."id")::int
  FROM "categories" AS c;--> statement-breakpoint
-- Adds n to a category's count. The triggers below call it once per category of a statement, in
-- the categories' order, so two statements touching the same categories lock them in one order.
CREATE FUNCTION "package_counts_add"(category uuid, n integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "package_counts" ("category_id", "total") VALUES (category, n)
    ON CONFLICT ("category_id") DO UPDATE SET "total" = "package_counts"."total" + EXCLUDED."total";
$$;--> statement-breakpoint
CREATE FUNCTION "packages_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT "category_id", count(*)::int AS n FROM new_rows GROUP BY 1 ORDER BY 1 LOOP
    PERFORM "package_counts_add"(r."category_id", r.n);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "packages_counts_insert" AFTER INSERT ON "packages"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "packages_count_inserted"();--> statement-breakpoint
CREATE FUNCTION "packages_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT "category_id", count(*)::int AS n FROM old_rows GROUP BY 1 ORDER BY 1 LOOP
    PERFORM "package_counts_add"(r."category_id", -r.n);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "packages_counts_delete" AFTER DELETE ON "packages"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "packages_count_deleted"();--> statement-breakpoint
CREATE FUNCTION "packages_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT moves."category_id", sum(moves.n)::int AS n FROM (
      SELECT o."category_id", -1 AS n FROM old_rows AS o JOIN new_rows AS w ON w."id" = o."id"
        WHERE w."category_id" IS DISTINCT FROM o."category_id"
      UNION ALL
      SELECT w."category_id", 1 AS n FROM old_rows AS o JOIN new_rows AS w ON w."id" = o."id"
        WHERE w."category_id" IS DISTINCT FROM o."category_id"
    ) AS moves
    GROUP BY 1 HAVING sum(moves.n) <> 0 ORDER BY 1
  LOOP
    PERFORM "package_counts_add"(r."category_id", r.n);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "packages_counts_update" AFTER UPDATE ON "packages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "packages_count_updated"();
