import type { Role } from '@sherehe/shared/roles';

/** Base address of the backend; empty means the app's own origin (the server serves both). */
export const API_BASE_URL = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

/** Every route of the app: `path` is the router pattern, `getHref` builds a link. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  packages: { path: '/packages', getHref: () => '/packages' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  contact: { path: '/contact', getHref: () => '/contact' },
  profile: { path: '/profile', getHref: () => '/profile' },
  unauthorized: {
    path: '/unauthorized',
    getHref: (required: string, current: Role | 'guest') =>
      `/unauthorized?${new URLSearchParams({ required, current }).toString()}`,
  },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    bookings: { path: 'bookings', getHref: () => '/dashboard/bookings' },
    packages: { path: 'packages', getHref: () => '/dashboard/packages' },
    categories: { path: 'categories', getHref: () => '/dashboard/categories' },
    analytics: { path: 'analytics', getHref: () => '/dashboard/analytics' },
    messages: { path: 'messages', getHref: () => '/dashboard/messages' },
    users: { path: 'users', getHref: () => '/dashboard/users' },
  },
} as const;

/** Every API address the app calls. */
export const apiPaths = {
  auth: {
    isAuth: '/api/auth/is-auth',
    register: '/api/auth/register',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
  },
  user: {
    data: '/api/user/data',
    plan: '/api/user/plan',
  },
  plans: '/api/plans',
  packages: {
    list: (query: Record<string, string | number> = {}) => {
      const search = new URLSearchParams(
        Object.entries(query).map(([key, value]) => [key, String(value)]),
      ).toString();
      return search ? `/api/packages?${search}` : '/api/packages';
    },
  },
} as const;
