import type { Role } from '@sherehe/shared/roles';
import type { Plan } from '@sherehe/shared/schemas/plans';
import type { User } from '@sherehe/shared/schemas/users';

export const PLANS: Plan[] = [
  {
    _id: 'free',
    name: 'Free',
    price: 0,
    features: {
      maxBookingsPerMonth: 1,
      maxPackages: 3,
      analytics: false,
      featuredListing: false,
      prioritySupport: false,
    },
  },
  {
    _id: 'pro',
    name: 'Pro',
    price: 25,
    features: {
      maxBookingsPerMonth: 10,
      maxPackages: 15,
      analytics: true,
      featuredListing: true,
      prioritySupport: false,
    },
  },
];

export function makeUser(overrides: Partial<User> & { role?: Role } = {}): User {
  return {
    _id: 'u1',
    id: 'u1',
    username: 'Grace Wanjiku',
    email: 'grace@example.com',
    role: 'client',
    plan: PLANS[0] as Plan,
    firstName: '',
    lastName: '',
    phoneNumber: '',
    bio: '',
    location: '',
    website: '',
    profilePicture: null,
    profilePictureThumb: null,
    specialization: '',
    experience: '',
    socialMedia: { facebook: '', twitter: '', instagram: '', linkedin: '' },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
