import { mayOfferPackages } from '@sherehe/shared/roles';
import type { PublicProfile, User } from '@sherehe/shared/schemas/users';
import type { PlanRow, UserRow } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { presentPlan } from '../plans';

/** The only way a user leaves the server: picks fields one by one, so no hash can slip out. */
export function presentUser(user: UserRow, plan: PlanRow, storage: Storage): User {
  const picture = user.profilePicture ? storage.imageUrls(user.profilePicture) : null;
  return {
    _id: user.id,
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    plan: presentPlan(plan),
    planUntil: user.planUntil ? user.planUntil.toISOString() : null,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    smsPhone: user.smsPhone,
    smsPhoneVerifiedAt: user.smsPhoneVerifiedAt ? user.smsPhoneVerifiedAt.toISOString() : null,
    bio: user.bio,
    location: user.location,
    website: user.website,
    profilePicture: picture?.full ?? null,
    profilePictureThumb: picture?.thumb ?? null,
    specialization: user.specialization,
    experience: user.experience,
    socialMedia: presentSocialMedia(user),
    // Their own limit, for whoever has days to fill; the public profile does not show it.
    ...(mayOfferPackages(user.role) && { eventsPerDay: user.eventsPerDay }),
    locale: user.locale,
    createdAt: user.createdAt.toISOString(),
  };
}

function presentSocialMedia(user: UserRow): User['socialMedia'] {
  return {
    facebook: user.socialMedia.facebook ?? '',
    twitter: user.socialMedia.twitter ?? '',
    instagram: user.socialMedia.instagram ?? '',
    linkedin: user.socialMedia.linkedin ?? '',
  };
}

/** What anyone may see of a user (the public profile): no email, no plan. */
export function presentPublicProfile(user: UserRow, storage: Storage): PublicProfile {
  const picture = user.profilePicture ? storage.imageUrls(user.profilePicture) : null;
  return {
    _id: user.id,
    username: user.username,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    location: user.location,
    website: user.website,
    profilePicture: picture?.full ?? null,
    profilePictureThumb: picture?.thumb ?? null,
    specialization: user.role === 'planner' ? user.specialization : '',
    experience: user.role === 'planner' ? user.experience : '',
    socialMedia: presentSocialMedia(user),
    createdAt: user.createdAt.toISOString(),
  };
}
