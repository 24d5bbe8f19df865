-- The audit trail of admin actions and money movements (docs/audit.md): append-only, a trigger refuses
-- UPDATE, DELETE and TRUNCATE, except blanking a deleted user's id and address while sherehe.anonymising is on.
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"ip" text
);
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at");--> statement-breakpoint
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('sherehe.anonymising', true), '') = 'on'
    AND (NEW."ip" IS NULL OR NEW."ip" IS NOT DISTINCT FROM OLD."ip")
    AND (NEW."actor_id" IS NULL OR NEW."actor_id" IS NOT DISTINCT FROM OLD."actor_id")
    AND (NEW."subject_id" IS NULL OR NEW."subject_id" IS NOT DISTINCT FROM OLD."subject_id")
    AND (NEW."id", NEW."at", NEW."actor_role", NEW."action", NEW."subject_type", NEW."summary", NEW."request_id")
      IS NOT DISTINCT FROM
        (OLD."id", OLD."at", OLD."actor_role", OLD."action", OLD."subject_type", OLD."summary", OLD."request_id") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_update" BEFORE UPDATE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_delete" BEFORE DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
