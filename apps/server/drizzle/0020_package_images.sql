CREATE TABLE "package_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "package_images" ADD CONSTRAINT "package_images_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_images_package_idx" ON "package_images" USING btree ("package_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "package_images_storage_key_idx" ON "package_images" USING btree ("storage_key");--> statement-breakpoint
-- Written by hand: every package's image becomes its first photo, the cover.
INSERT INTO "package_images" ("package_id", "position", "storage_key", "created_at")
SELECT "id", 0, "image", "created_at" FROM "packages" WHERE "image" IS NOT NULL
ON CONFLICT DO NOTHING;
