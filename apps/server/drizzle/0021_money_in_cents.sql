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
CREATE FUNCTION plans_money_in_step() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.price_cents IS NULL THEN
      NEW.price_cents := round(NEW.price * 100)::bigint;
    ELSE
      NEW.price := NEW.price_cents / 100.0;
    END IF;
  ELSIF NEW.price_cents IS DISTINCT FROM OLD.price_cents THEN
    NEW.price := NEW.price_cents / 100.0;
  ELSIF NEW.price IS DISTINCT FROM OLD.price THEN
    NEW.price_cents := round(NEW.price * 100)::bigint;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER plans_money_in_step BEFORE INSERT OR UPDATE OF "price", "price_cents" ON "plans" FOR EACH ROW EXECUTE FUNCTION plans_money_in_step();--> statement-breakpoint
CREATE FUNCTION packages_money_in_step() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.price_cents IS NULL THEN
      NEW.price_cents := round(NEW.price * 100)::bigint;
    ELSE
      NEW.price := NEW.price_cents / 100.0;
    END IF;
  ELSIF NEW.price_cents IS DISTINCT FROM OLD.price_cents THEN
    NEW.price := NEW.price_cents / 100.0;
  ELSIF NEW.price IS DISTINCT FROM OLD.price THEN
    NEW.price_cents := round(NEW.price * 100)::bigint;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER packages_money_in_step BEFORE INSERT OR UPDATE OF "price", "price_cents" ON "packages" FOR EACH ROW EXECUTE FUNCTION packages_money_in_step();--> statement-breakpoint
CREATE FUNCTION bookings_money_in_step() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.price_cents IS NULL THEN
      NEW.price_cents := round(NEW.price * 100)::bigint;
    ELSE
      NEW.price := NEW.price_cents / 100.0;
    END IF;
  ELSIF NEW.price_cents IS DISTINCT FROM OLD.price_cents THEN
    NEW.price := NEW.price_cents / 100.0;
  ELSIF NEW.price IS DISTINCT FROM OLD.price THEN
    NEW.price_cents := round(NEW.price * 100)::bigint;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bookings_money_in_step BEFORE INSERT OR UPDATE OF "price", "price_cents" ON "bookings" FOR EACH ROW EXECUTE FUNCTION bookings_money_in_step();--> statement-breakpoint
CREATE FUNCTION payments_money_in_step() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.amount_cents IS NULL THEN
      NEW.amount_cents := round(NEW.amount * 100)::bigint;
    ELSE
      NEW.amount := NEW.amount_cents / 100.0;
    END IF;
  ELSIF NEW.amount_cents IS DISTINCT FROM OLD.amount_cents THEN
    NEW.amount := NEW.amount_cents / 100.0;
  ELSIF NEW.amount IS DISTINCT FROM OLD.amount THEN
    NEW.amount_cents := round(NEW.amount * 100)::bigint;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.fee_cents IS NULL THEN
      NEW.fee_cents := round(NEW.fee * 100)::bigint;
    ELSE
      NEW.fee := NEW.fee_cents / 100.0;
    END IF;
  ELSIF NEW.fee_cents IS DISTINCT FROM OLD.fee_cents THEN
    NEW.fee := NEW.fee_cents / 100.0;
  ELSIF NEW.fee IS DISTINCT FROM OLD.fee THEN
    NEW.fee_cents := round(NEW.fee * 100)::bigint;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER payments_money_in_step BEFORE INSERT OR UPDATE OF "amount", "amount_cents", "fee", "fee_cents" ON "payments" FOR EACH ROW EXECUTE FUNCTION payments_money_in_step();--> statement-breakpoint
CREATE FUNCTION refunds_money_in_step() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.amount_cents IS NULL THEN
      NEW.amount_cents := round(NEW.amount * 100)::bigint;
    ELSE
      NEW.amount := NEW.amount_cents / 100.0;
    END IF;
  ELSIF NEW.amount_cents IS DISTINCT FROM OLD.amount_cents THEN
    NEW.amount := NEW.amount_cents / 100.0;
  ELSIF NEW.amount IS DISTINCT FROM OLD.amount THEN
    NEW.amount_cents := round(NEW.amount * 100)::bigint;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER refunds_money_in_step BEFORE INSERT OR UPDATE OF "amount", "amount_cents" ON "refunds" FOR EACH ROW EXECUTE FUNCTION refunds_money_in_step();--> statement-breakpoint
CREATE FUNCTION payouts_money_in_step() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.amount_cents IS NULL THEN
      NEW.amount_cents := round(NEW.amount * 100)::bigint;
    ELSE
      NEW.amount := NEW.amount_cents / 100.0;
    END IF;
  ELSIF NEW.amount_cents IS DISTINCT FROM OLD.amount_cents THEN
    NEW.amount := NEW.amount_cents / 100.0;
  ELSIF NEW.amount IS DISTINCT FROM OLD.amount THEN
    NEW.amount_cents := round(NEW.amount * 100)::bigint;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER payouts_money_in_step BEFORE INSERT OR UPDATE OF "amount", "amount_cents" ON "payouts" FOR EACH ROW EXECUTE FUNCTION payouts_money_in_step();--> statement-breakpoint
CREATE FUNCTION ledger_entries_money_in_step() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.amount_cents IS NULL THEN
      NEW.amount_cents := round(NEW.amount * 100)::bigint;
    ELSE
      NEW.amount := NEW.amount_cents / 100.0;
    END IF;
  ELSIF NEW.amount_cents IS DISTINCT FROM OLD.amount_cents THEN
    NEW.amount := NEW.amount_cents / 100.0;
  ELSIF NEW.amount IS DISTINCT FROM OLD.amount THEN
    NEW.amount_cents := round(NEW.amount * 100)::bigint;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_money_in_step BEFORE INSERT OR UPDATE OF "amount", "amount_cents" ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entries_money_in_step();--> statement-breakpoint
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
