-- Money in integer cents, the widening half (docs/database.md#widen-then-narrow, docs/money.md#money-in-cents).
-- Every Ksh column gets a bigint twin of cents, filled exactly from it; this release reads and writes the
-- cents and the triggers below keep the old numeric columns equal to them, so the previous release (which
-- reads and writes only the numeric columns) runs against this schema, and a rollback loses nothing. A
-- later release drops the numeric columns, their indexes, checks and these triggers.
-- The columns are added without NOT NULL, backfilled, then made NOT NULL once the triggers fill them.
ALTER TABLE "plans" ADD COLUMN "price_cents" bigint;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "price_cents" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_cents" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_cents" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
UPDATE "plans" SET "price_cents" = round("price" * 100)::bigint;--> statement-breakpoint
UPDATE "packages" SET "price_cents" = round("price" * 100)::bigint;--> statement-breakpoint
UPDATE "bookings" SET "price_cents" = round("price" * 100)::bigint;--> statement-breakpoint
UPDATE "payments" SET "amount_cents" = round("amount" * 100)::bigint;--> statement-breakpoint
UPDATE "payments" SET "fee_cents" = round("fee" * 100)::bigint;--> statement-breakpoint
UPDATE "refunds" SET "amount_cents" = round("amount" * 100)::bigint;--> statement-breakpoint
UPDATE "payouts" SET "amount_cents" = round("amount" * 100)::bigint;--> statement-breakpoint
UPDATE "ledger_entries" SET "amount_cents" = round("amount" * 100)::bigint;--> statement-breakpoint
-- One trigger function for every table, given its pairs of columns (old Ksh column, cents column) as
-- arguments. For each pair: an insert without the cents (the previous release, a script) gets them from
-- the old column; any other insert gets the old column from its cents (this release writes cents only);
-- an update that changes the cents sets the old column, one that changes only the old column (the
-- previous release) sets the cents. So both columns are always equal, whichever of them a write sets.
CREATE FUNCTION money_in_step() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_row jsonb := to_jsonb(NEW);
  old_row jsonb := CASE WHEN TG_OP = 'UPDATE' THEN to_jsonb(OLD) END;
  patch jsonb := '{}';
  ksh text;
  cents text;
BEGIN
  FOR i IN 0 .. TG_NARGS - 1 BY 2 LOOP
    ksh := TG_ARGV[i];
    cents := TG_ARGV[i + 1];
    IF (TG_OP = 'INSERT' AND new_row->>cents IS NULL)
      OR (TG_OP = 'UPDATE' AND new_row->cents IS NOT DISTINCT FROM old_row->cents
          AND new_row->ksh IS DISTINCT FROM old_row->ksh) THEN
      patch := patch || jsonb_build_object(cents, round((new_row->>ksh)::numeric * 100)::bigint);
    ELSIF TG_OP = 'INSERT' OR new_row->cents IS DISTINCT FROM old_row->cents THEN
      patch := patch || jsonb_build_object(ksh, (new_row->>cents)::bigint / 100.0);
    END IF;
  END LOOP;
  IF patch <> '{}' THEN
    NEW := jsonb_populate_record(NEW, patch);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER plans_money_in_step BEFORE INSERT OR UPDATE OF "price", "price_cents" ON "plans" FOR EACH ROW EXECUTE FUNCTION money_in_step('price', 'price_cents');--> statement-breakpoint
CREATE TRIGGER packages_money_in_step BEFORE INSERT OR UPDATE OF "price", "price_cents" ON "packages" FOR EACH ROW EXECUTE FUNCTION money_in_step('price', 'price_cents');--> statement-breakpoint
CREATE TRIGGER bookings_money_in_step BEFORE INSERT OR UPDATE OF "price", "price_cents" ON "bookings" FOR EACH ROW EXECUTE FUNCTION money_in_step('price', 'price_cents');--> statement-breakpoint
CREATE TRIGGER payments_money_in_step BEFORE INSERT OR UPDATE OF "amount", "amount_cents", "fee", "fee_cents" ON "payments" FOR EACH ROW EXECUTE FUNCTION money_in_step('amount', 'amount_cents', 'fee', 'fee_cents');--> statement-breakpoint
CREATE TRIGGER refunds_money_in_step BEFORE INSERT OR UPDATE OF "amount", "amount_cents" ON "refunds" FOR EACH ROW EXECUTE FUNCTION money_in_step('amount', 'amount_cents');--> statement-breakpoint
CREATE TRIGGER payouts_money_in_step BEFORE INSERT OR UPDATE OF "amount", "amount_cents" ON "payouts" FOR EACH ROW EXECUTE FUNCTION money_in_step('amount', 'amount_cents');--> statement-breakpoint
CREATE TRIGGER ledger_entries_money_in_step BEFORE INSERT OR UPDATE OF "amount", "amount_cents" ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION money_in_step('amount', 'amount_cents');--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "fee_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "packages_price_cents_idx" ON "packages" USING btree ("price_cents") WHERE "packages"."listed";--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_price_cents_nonnegative" CHECK ("packages"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_cents_positive" CHECK ("payments"."amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_cents_within_amount" CHECK ("payments"."fee_cents" >= 0 and "payments"."fee_cents" <= "payments"."amount_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_mpesa_whole_shillings_cents" CHECK ("payments"."method" <> 'mpesa' or "payments"."amount_cents" % 100 = 0);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amount_cents_positive" CHECK ("payouts"."amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_cents_positive" CHECK ("refunds"."amount_cents" > 0);--> statement-breakpoint
-- The twin of 0015's packages_category_price_idx: a category's listed packages sorted by price.
CREATE INDEX "packages_category_price_cents_idx" ON "packages" USING btree ("category_id","price_cents") WHERE "packages"."listed";
