import type { User } from '@sherehe/shared/schemas/users';
import type { PlanRow, UserRow } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { presentPlan } from '../plans/plans.presenter';

/** The only way a user leaves the server: picks fields one by one, so no hash can slip out. */
export function presentUser(user: UserRow, plan: PlanRow, storage: Storage): User {
  return {
    _id: user.id,
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    plan: presentPlan(plan),
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    bio: user.bio,
    location: user.location,
    website: user.website,
    profilePicture: user.profilePicture ? storage.imageUrls(user.profilePicture).full : null,
    specialization: user.specialization,
    experience: user.experience,
    socialMedia: {
      facebook: user.socialMedia.facebook ?? '',
      twitter: user.socialMedia.twitter ?? '',
      instagram: user.socialMedia.instagram ?? '',
      linkedin: user.socialMedia.linkedin ?? '',
    },
    createdAt: user.createdAt.toISOString(),
  };
}
