import { PLAN_DEFINITIONS } from '@sherehe/shared/plans';
import type { Role } from '@sherehe/shared/roles';
import type { Package } from '@sherehe/shared/schemas/packages';
import type { Plan } from '@sherehe/shared/schemas/plans';
import type { User } from '@sherehe/shared/schemas/users';

/** Free and Pro as GET /api/plans answers them, from the shared plan table. */
export const PLANS: Plan[] = PLAN_DEFINITIONS.filter((plan) => plan.id === 'free' || plan.id === 'pro').map(
  ({ id, ...plan }) => ({ _id: id, ...plan }),
);

export function makeUser(overrides: Partial<User> & { role?: Role } = {}): User {
  return {
    _id: 'u1',
    id: 'u1',
    username: 'Grace Wanjiku',
    email: 'grace@example.com',
    role: 'client',
    plan: PLANS[0] as Plan,
    planUntil: null,
    firstName: '',
    lastName: '',
    phoneNumber: '',
    smsPhone: null,
    smsPhoneVerifiedAt: null,
    bio: '',
    location: '',
    website: '',
    profilePicture: null,
    profilePictureThumb: null,
    specialization: '',
    experience: '',
    socialMedia: { facebook: '', twitter: '', instagram: '', linkedin: '' },
    locale: 'en',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const CATEGORIES = [
  {
    _id: '11111111-1111-4111-8111-111111111111',
    name: 'Weddings',
    nameSw: '',
    description: 'Weddings and ruracios',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    _id: '22222222-2222-4222-8222-222222222222',
    name: 'Birthdays',
    nameSw: '',
    description: '',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
];

export function makePackage(overrides: Partial<Package> = {}): Package {
  return {
    _id: 'p1',
    title: 'Garden Wedding',
    description: 'A garden wedding for 150 guests.',
    price: 450000,
    depositPercent: 30,
    cancellationPolicy: 'moderate',
    category: { _id: CATEGORIES[0]!._id, name: 'Weddings', nameSw: '' },
    location: 'Nairobi',
    image: 'http://localhost/uploads/p1.webp',
    imageThumb: 'http://localhost/uploads/p1-thumb.webp',
    planner: { _id: 'u2', username: 'Wanjiru Events', email: 'wanjiru@example.com' },
    rating: { average: 0, count: 0 },
    listed: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A list answer as GET /api/packages gives it with page and limit. */
export function packageListReply(packages: Package[], { total = packages.length, page = 1, limit = 6 } = {}) {
  return { success: true, data: packages, total, page, pages: Math.max(1, Math.ceil(total / limit)) };
}
