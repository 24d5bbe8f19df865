-- A booking request takes its planner's day lock shared, not exclusive
-- (docs/decisions/032-booking-requests-share-the-day-lock.md): requests for one day no longer wait
-- for each other, only for an acceptance of that day, which takes the lock exclusively and so waits
-- for the requests under way. Otherwise the function of 0029_request_booking.sql, unchanged.
CREATE OR REPLACE FUNCTION "request_booking"(
  "p_client" uuid,
  "p_limited" boolean,
  "p_package" uuid,
  "p_planner" text,
  "p_day" date,
  "p_day_lock" text,
  "p_message" text,
  "p_open_statuses" booking_status[],
  "p_day_taking_statuses" booking_status[]
) RETURNS TABLE ("refusal" text, "open_kind" text, "booking_id" uuid) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  pkg record;
  limits record;
  capacity integer;
  taken integer;
  locked record;
  open_row record;
  new_id uuid;
BEGIN
  -- The package as the catalogue shows it, read before any lock.
  SELECT p."title", p."price_cents", p."listed", p."planner_id" INTO pkg
    FROM "packages" p
    JOIN "categories" c ON c."id" = p."category_id"
    JOIN "users" u ON u."id" = p."planner_id"
    WHERE p."id" = p_package;
  IF NOT FOUND THEN RETURN QUERY SELECT 'package_not_found', NULL::text, NULL::uuid; RETURN; END IF;
  IF NOT pkg."listed" THEN RETURN QUERY SELECT 'package_unlisted', NULL::text, NULL::uuid; RETURN; END IF;
  IF pkg."planner_id"::text <> p_planner THEN RETURN QUERY SELECT 'wrong_planner', NULL::text, NULL::uuid; RETURN; END IF;

  -- The client's row, locked: parallel requests of one client count one after the other.
  SELECT pl."max_bookings_per_month" AS "max" INTO limits
    FROM "users" u JOIN "plans" pl ON pl."id" = u."plan_id"
    WHERE u."id" = p_client
    FOR UPDATE OF u;
  IF NOT FOUND THEN RETURN QUERY SELECT 'unauthenticated', NULL::text, NULL::uuid; RETURN; END IF;
  IF p_limited AND limits."max" IS NOT NULL AND (
    SELECT count(*) FROM "bookings" b
      WHERE b."client_id" = p_client
        AND b."requested_at" >= (date_trunc('month', now() AT TIME ZONE 'Africa/Nairobi') AT TIME ZONE 'Africa/Nairobi')
  ) >= limits."max" THEN
    RETURN QUERY SELECT 'plan_limit', NULL::text, NULL::uuid; RETURN;
  END IF;

  -- The planner's day: its lock, shared (a request neither fills nor frees the day), then blocked
  -- or full.
  PERFORM pg_advisory_xact_lock_shared(hashtextextended(p_day_lock, 0));
  SELECT u."events_per_day" INTO capacity FROM "users" u
    WHERE u."id" = pkg."planner_id" AND u."deleted_at" IS NULL;
  IF NOT FOUND THEN RETURN QUERY SELECT 'planner_not_found', NULL::text, NULL::uuid; RETURN; END IF;
  SELECT count(*) INTO taken FROM "bookings" b
    WHERE b."planner_id" = pkg."planner_id" AND b."event_date" = p_day AND b."status" = ANY (p_day_taking_statuses);
  IF taken >= capacity OR EXISTS (
    SELECT 1 FROM "availability_blocks" a WHERE a."planner_id" = pkg."planner_id" AND a."day" = p_day
  ) THEN
    RETURN QUERY SELECT 'day_unavailable', NULL::text, NULL::uuid; RETURN;
  END IF;

  -- The package again, share-locked: one that leaves the catalogue meanwhile is not booked.
  SELECT p."listed", p."deposit_percent", p."cancellation_policy" INTO locked
    FROM "packages" p WHERE p."id" = p_package FOR SHARE;
  IF NOT FOUND THEN RETURN QUERY SELECT 'package_not_found', NULL::text, NULL::uuid; RETURN; END IF;
  IF NOT locked."listed" THEN RETURN QUERY SELECT 'package_unlisted', NULL::text, NULL::uuid; RETURN; END IF;

  SELECT b."kind"::text AS "kind" INTO open_row FROM "bookings" b
    WHERE b."client_id" = p_client AND b."package_id" = p_package AND b."status" = ANY (p_open_statuses)
    LIMIT 1;
  IF FOUND THEN RETURN QUERY SELECT 'already_open', open_row."kind", NULL::uuid; RETURN; END IF;

  INSERT INTO "bookings" ("package_id", "package_title", "client_id", "planner_id", "event_date",
      "message", "price_cents", "deposit_percent", "cancellation_policy")
    VALUES (p_package, pkg."title", p_client, pkg."planner_id", p_day, p_message, pkg."price_cents",
      locked."deposit_percent", locked."cancellation_policy")
    RETURNING "id" INTO new_id;
  RETURN QUERY SELECT NULL::text, NULL::text, new_id;
END $$;
