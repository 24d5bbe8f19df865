import { MESSAGES } from '@sherehe/shared/messages';
import { formatKsh, fromCents } from '@sherehe/shared/money';
import { planPriceKesCents } from '@sherehe/shared/plans';
import { mayOfferPackages } from '@sherehe/shared/roles';
import type { ProfileBody } from '@sherehe/shared/schemas/users';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { encodeUpload } from '../../storage/images';
import type { Storage } from '../../storage/storage';
import { findPlan, setUserPlanPeriod } from '../plans';
import { findUser, findUserWithPlan, lockUser, updateUser } from './users.queries';

/** GET /api/user/profile/:userId: anyone's public profile. */
export async function getPublicProfile({ db, userId }: { db: Db; userId: string }) {
  const user = await findUser(db, userId);
  // A deleted account answers like an unknown one.
  if (!user || user.deletedAt) throw new AppError('NOT_FOUND', MESSAGES.profile.notFound);
  return user;
}

/** A paid plan asked for without paying: the route answers 402 with what 30 days cost. */
export class PaymentRequiredError extends Error {
  constructor(
    readonly planId: string,
    /** Ksh for 30 days. */
    readonly amount: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * PATCH /api/user/plan (docs/product-rules.md#changing-plan): Free at once (and the paid period, if any, ends);
 * a paid plan is bought with POST /api/payments, so this answers PaymentRequiredError. With payments
 * off (`kesPerUsd` null) there is nothing to pay with and any plan is chosen at once, without an end.
 */
export async function changePlan({
  db,
  userId,
  planId,
  kesPerUsd,
}: {
  db: Db;
  userId: string;
  planId: string;
  kesPerUsd: number | null;
}) {
  return db.transaction(async (tx) => {
    const current = await findUserWithPlan(tx, userId);
    if (!current) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
    const plan = await findPlan(tx, planId);
    if (!plan) throw new AppError('NOT_FOUND', MESSAGES.plans.notFound);
    if (current.user.planId === plan.id) throw new AppError('VALIDATION', MESSAGES.plans.alreadyOnPlan);
    if (plan.priceCents > 0 && kesPerUsd !== null) {
      const amount = fromCents(planPriceKesCents(plan.priceCents, kesPerUsd));
      throw new PaymentRequiredError(
        plan.id,
        amount,
        MESSAGES.planPayments.paymentRequired(plan.name, formatKsh(amount)),
      );
    }
    await setUserPlanPeriod(tx, userId, { planId: plan.id, planUntil: null });
    return { user: { ...current.user, planId: plan.id, planUntil: null }, plan };
  });
}

/**
 * PATCH /api/user/profile: only the fields sent change; planner-only fields only for planners, and
 * `eventsPerDay` for those who may offer packages (planners and admins).
 * `changed` says whether anything did: an empty or unchanged save writes nothing, so it leaves the
 * public read cache (a profile is public) alone.
 */
export async function updateProfile({ db, userId, input }: { db: Db; userId: string; input: ProfileBody }) {
  const changed = await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
    const isPlanner = user.role === 'planner';
    const { socialMedia, specialization, experience, eventsPerDay, ...common } = input;
    const wanted: Partial<UserRow> = {
      ...Object.fromEntries(Object.entries(common).filter(([, value]) => value !== undefined)),
      ...(isPlanner && specialization !== undefined && { specialization }),
      ...(isPlanner && experience !== undefined && { experience }),
      // Whoever may offer packages has days to fill (docs/bookings-and-calendar.md#availability); a client's value is ignored.
      ...(mayOfferPackages(user.role) && eventsPerDay !== undefined && { eventsPerDay }),
      ...(socialMedia && {
        socialMedia: {
          ...user.socialMedia,
          ...Object.fromEntries(Object.entries(socialMedia).filter(([, value]) => value !== undefined)),
        },
      }),
    };
    const changes = Object.fromEntries(
      Object.entries(wanted).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(user[key as keyof UserRow]),
      ),
    );
    if (Object.keys(changes).length === 0) return false;
    await updateUser(tx, userId, changes);
    return true;
  });
  const updated = await findUserWithPlan(db, userId);
  if (!updated) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
  return { ...updated, changed };
}

/** POST /api/user/profile-picture: the new picture replaces the old, whose files are removed. */
export async function setProfilePicture({
  db,
  storage,
  userId,
  image,
}: {
  db: Db;
  storage: Storage;
  userId: string;
  image: Buffer | undefined;
}) {
  if (!image) {
    throw new AppError('VALIDATION', MESSAGES.images.selectFirst, {
      errors: [{ path: 'image', message: MESSAGES.images.selectFirst }],
    });
  }
  const key = await storage.putImage(await encodeUpload(image));
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
      await updateUser(tx, userId, { profilePicture: key });
      return user.profilePicture;
    });
  } catch (error) {
    await storage.deleteImage(key);
    throw error;
  }
  if (previous) await storage.deleteImage(previous);
  const updated = await findUserWithPlan(db, userId);
  if (!updated) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
  return updated;
}
