-- Each process keeps signed-in sessions in memory for a few seconds (modules/sessions/session-cache.ts,
-- docs/decisions/027-session-cache.md). These triggers tell every process, at commit, what to drop:
-- a session ended or changed ('s:' and its token hash), a user changed or gone ('u:' and the id), any
-- plan changed or a table emptied ('*': drop everything). A session already expired is in no cache:
-- its deletion is quiet.
CREATE FUNCTION "session_cache_drop_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sherehe_sessions', 's:' || OLD."token_hash");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "session_cache_drop_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sherehe_sessions', 'u:' || OLD."id"::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "session_cache_drop_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sherehe_sessions', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW WHEN (OLD."expires_at" > now()) EXECUTE FUNCTION "session_cache_drop_session"();
--> statement-breakpoint
CREATE TRIGGER "users_session_cache_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "session_cache_drop_user"();
--> statement-breakpoint
CREATE TRIGGER "users_session_cache_delete" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "session_cache_drop_user"();
--> statement-breakpoint
CREATE TRIGGER "plans_session_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "plans"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_drop_all"();
--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_drop_all"();
--> statement-breakpoint
CREATE TRIGGER "users_session_cache_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_drop_all"();
