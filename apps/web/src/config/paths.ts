import type { Role } from '@sherehe/shared/roles';

export type QueryValues = Record<string, string | number | boolean | undefined>;

/** `?a=1&b=2` from the given values, leaving out empty ones; '' when none is left. */
export function queryString(query: QueryValues = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Base address of the backend; empty means the app's own origin (the server serves both). */
export const API_BASE_URL = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

/** Every route of the app: `path` is the router pattern, `getHref` builds a link. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  /**
   * Sign Up unless `mode` is 'login'; `next`: the same-site path the person was headed for, where
   * they go once signed in.
   */
  login: {
    path: '/login',
    getHref: (query?: { mode?: 'login'; next?: string }) => `/login${queryString(query)}`,
  },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /** Browse; the query holds the filters, sort and page (`q`, `category`, `planner`, `page`…). */
  packages: { path: '/packages', getHref: (query?: QueryValues) => `/packages${queryString(query)}` },
  /** `book` asks the page to open the booking form (the browse cards' Book button). */
  packageDetail: {
    path: '/packages/:id',
    getHref: (id: string, options: { book?: boolean } = {}) =>
      `/packages/${encodeURIComponent(id)}${options.book ? '?book=1' : ''}`,
  },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  contact: { path: '/contact', getHref: () => '/contact' },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  testEmail: { path: '/test-email', getHref: () => '/test-email' },
  profile: { path: '/profile', getHref: () => '/profile' },
  userProfile: { path: '/user/:userId', getHref: (userId: string) => `/user/${encodeURIComponent(userId)}` },
  unauthorized: {
    path: '/unauthorized',
    getHref: (required: string, current: Role | 'guest') =>
      `/unauthorized?${new URLSearchParams({ required, current }).toString()}`,
  },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    /**
     * `with`: the bookings (and chats) between the signed-in user and that user (a profile's Send
     * Message); `day` and `booking`: one event day's bookings with that one in focus (the calendar's links).
     */
    bookings: {
      path: 'bookings',
      getHref: (
        query: { with?: string; status?: string; page?: number; day?: string; booking?: string } = {},
      ) => `/dashboard/bookings${queryString(query)}`,
    },
    packages: {
      path: 'packages',
      getHref: (query?: { page?: number }) => `/dashboard/packages${queryString(query)}`,
    },
    createPackage: { path: 'packages/create', getHref: () => '/dashboard/packages/create' },
    editPackage: {
      path: 'packages/edit/:id',
      getHref: (id: string) => `/dashboard/packages/edit/${encodeURIComponent(id)}`,
    },
    categories: { path: 'categories', getHref: () => '/dashboard/categories' },
    analytics: { path: 'analytics', getHref: () => '/dashboard/analytics' },
    messages: {
      path: 'messages',
      getHref: (query?: { page?: number; state?: string }) => `/dashboard/messages${queryString(query)}`,
    },
    /** Failed jobs unless `status` says otherwise (`all`, `pending`, `running`, `done`), and the page. */
    jobs: {
      path: 'jobs',
      getHref: (query?: { status?: string; page?: number }) => `/dashboard/jobs${queryString(query)}`,
    },
    /** Admins' filters (`status`, `method`, `from`, `to`: Nairobi days) and the page. */
    payments: {
      path: 'payments',
      getHref: (query?: QueryValues) => `/dashboard/payments${queryString(query)}`,
    },
    /** The query holds the role filter, the search and the page (`role`, `q`, `page`). */
    users: {
      path: 'users',
      getHref: (query?: { role?: string; q?: string; page?: number }) =>
        `/dashboard/users${queryString(query)}`,
    },
  },
} as const;

/** Every API address the app calls. */
export const apiPaths = {
  auth: {
    isAuth: '/api/auth/is-auth',
    logout: '/api/auth/logout',
  },
  user: {
    data: '/api/user/data',
    profile: '/api/user/profile',
  },
  plans: '/api/plans',
  packages: {
    list: (query: QueryValues = {}) => `/api/packages${queryString(query)}`,
  },
  categories: {
    list: '/api/category',
  },
  /** Lists take `status`, `with` (the other party's user id), `from`, `to` (event days), `page`, `limit`. */
  bookings: {
    my: (query: QueryValues = {}) => `/api/bookings/my${queryString(query)}`,
    forPlanner: (query: QueryValues = {}) => `/api/bookings/for-planner${queryString(query)}`,
  },
} as const;
