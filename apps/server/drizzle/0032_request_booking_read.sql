-- A booking request and the row it made, with its package, parties and money, in one round trip
-- (docs/bookings-and-calendar.md, "A booking request in few round trips"): `request_booking` (0029,
-- 0031) as it is, then the new row read as the booking lists read it, one JSON object. The second
-- statement of this function sees what the first wrote, which a query calling `request_booking`
-- itself would not. The old `numeric` price goes as text, never as a float.
CREATE FUNCTION "request_booking_read"(
  "p_client" uuid,
  "p_limited" boolean,
  "p_package" uuid,
  "p_planner" text,
  "p_day" date,
  "p_day_lock" text,
  "p_message" text,
  "p_open_statuses" booking_status[],
  "p_day_taking_statuses" booking_status[]
) RETURNS TABLE ("refusal" text, "open_kind" text, "booking_id" uuid, "booking" jsonb) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  result record;
BEGIN
  SELECT r."refusal", r."open_kind", r."booking_id" INTO result
    FROM request_booking(p_client, p_limited, p_package, p_planner, p_day, p_day_lock, p_message,
      p_open_statuses, p_day_taking_statuses) r;
  RETURN QUERY SELECT result."refusal", result."open_kind", result."booking_id", (
    SELECT jsonb_build_object(
      'booking', to_jsonb(b) || jsonb_build_object('price', b."price"::text),
      'package', (SELECT jsonb_build_object('id', p."id", 'title', p."title", 'image', p."image", 'location', p."location")
        FROM "packages" p WHERE p."id" = b."package_id"),
      'client', (SELECT jsonb_build_object('id', u."id", 'username', u."username", 'email', u."email", 'locale', u."locale")
        FROM "users" u WHERE u."id" = b."client_id"),
      'planner', (SELECT jsonb_build_object('id', u."id", 'username', u."username", 'email', u."email", 'locale', u."locale")
        FROM "users" u WHERE u."id" = b."planner_id"),
      'paid_cents', (SELECT coalesce(sum(pay."amount_cents"), 0)::text FROM "payments" pay
        WHERE pay."booking_id" = b."id" AND pay."status" = 'succeeded'),
      'refunded_cents', (SELECT coalesce(sum(ref."amount_cents"), 0)::text FROM "refunds" ref
        WHERE ref."booking_id" = b."id" AND ref."status" = 'succeeded')
    )
    FROM "bookings" b WHERE b."id" = result."booking_id");
END $$;
