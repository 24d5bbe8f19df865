import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layouts/root-layout';
import { lazyPage } from './lazy-page';

// Every page is its own chunk, so `/` does not pay for the dashboard (docs/stack.md, Bundle size and first paint); all but
// the home page bring the query cache along (docs/decisions/008).
const HomeRoute = lazy(() => import('./routes/home-route'));
const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page'));
const PricingRoute = lazyPage(() => import('./routes/pricing-route'));
const PackagesRoute = lazyPage(() => import('./routes/packages-route'));
const PackageRoute = lazyPage(() => import('./routes/package-route'));
const ProfilePage = lazyPage(() => import('@/features/profile/pages/profile-page'));
const PublicProfileRoute = lazyPage(() => import('./routes/public-profile-route'));
const UnauthorizedPage = lazyPage(() => import('@/features/misc/pages/unauthorized-page'));
const NotFoundPage = lazyPage(() => import('@/features/misc/pages/not-found-page'));
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout'));
const BookingsRoute = lazyPage(() => import('./routes/bookings-route'));
const CalendarPage = lazyPage(() => import('@/features/calendar/pages/calendar-page'));
const ManagePackagesPage = lazyPage(() => import('@/features/packages/pages/manage-packages-page'));
const CreatePackageRoute = lazyPage(() => import('./routes/create-package-route'));
const EditPackageRoute = lazyPage(() => import('./routes/edit-package-route'));
const CategoriesPage = lazyPage(() => import('@/features/categories/pages/categories-page'));
const AnalyticsPage = lazyPage(() => import('@/features/analytics/pages/analytics-page'));
const PaymentsPage = lazyPage(() => import('@/features/payments/pages/payments-page'));
const EarningsPage = lazyPage(() => import('@/features/ledger/pages/earnings-page'));
const PayoutsPage = lazyPage(() => import('@/features/ledger/pages/payouts-page'));
const AuditPage = lazyPage(() => import('@/features/audit/pages/audit-page'));
const UsersPage = lazyPage(() => import('@/features/users/pages/users-page'));
const MessagesPage = lazyPage(() => import('@/features/contact/pages/messages-page'));
const JobsPage = lazyPage(() => import('@/features/jobs/pages/jobs-page'));
const ResetPasswordPage = lazyPage(() => import('@/features/accounts/pages/reset-password-page'));
const TestEmailPage = lazyPage(() => import('@/features/accounts/pages/test-email-page'));
const ContactPage = lazyPage(() => import('@/features/contact/pages/contact-page'));
// The terms and the privacy notice: text only, without the query cache.
const LegalPage = lazy(() => import('@/features/legal/pages/legal-pages'));

/** /dashboard lands clients on their bookings and everyone else on packages (docs/product-spec.md#screens-and-routes). */
function DashboardIndex() {
  const { user } = useSession();
  const target = user?.role === 'client' ? paths.dashboard.bookings : paths.dashboard.packages;
  return <Navigate to={target.getHref()} replace />;
}

const d = paths.dashboard;

/** The route table (docs/product-spec.md#screens-and-routes); an address not listed falls to not-found. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path={paths.login.path} element={<LoginPage />} />
        <Route path={paths.pricing.path} element={<PricingRoute />} />
        <Route path={paths.resetPassword.path} element={<ResetPasswordPage />} />
        <Route path={paths.testEmail.path} element={<TestEmailPage />} />
        <Route path={paths.contact.path} element={<ContactPage />} />
        <Route path={paths.terms.path} element={<LegalPage document="terms" />} />
        <Route path={paths.privacy.path} element={<LegalPage document="privacy" />} />
        <Route path={paths.packages.path} element={<PackagesRoute />} />
        <Route path={paths.packageDetail.path} element={<PackageRoute />} />
        <Route path={paths.userProfile.path} element={<PublicProfileRoute />} />
        <Route
          path={paths.profile.path}
          element={
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          }
        />
        <Route path={paths.unauthorized.path} element={<UnauthorizedPage />} />
        <Route
          path={d.root.path}
          element={
            <RequireAuth>
              <DashboardLayout />
            </RequireAuth>
          }
        >
          <Route index element={<DashboardIndex />} />
          <Route path={d.bookings.path} element={<BookingsRoute />} />
          {/* The calendar keeps its addresses in its feature (features/calendar/api/calendar-paths.ts). */}
          <Route path="calendar" element={<CalendarPage />} />
          <Route element={<RequireAuth roles={['planner', 'admin']} />}>
            <Route path={d.packages.path} element={<ManagePackagesPage />} />
            <Route path={d.createPackage.path} element={<CreatePackageRoute />} />
            <Route path={d.editPackage.path} element={<EditPackageRoute />} />
            <Route path={d.categories.path} element={<CategoriesPage />} />
            <Route path={d.analytics.path} element={<AnalyticsPage />} />
            <Route path={d.payments.path} element={<PaymentsPage />} />
            {/* The ledger's pages keep their addresses here, not in config/paths.ts. */}
            <Route path="earnings" element={<EarningsPage />} />
          </Route>
          <Route element={<RequireAuth roles={['admin']} />}>
            <Route path={d.users.path} element={<UsersPage />} />
            <Route path={d.messages.path} element={<MessagesPage />} />
            <Route path={d.jobs.path} element={<JobsPage />} />
            <Route path="payouts" element={<PayoutsPage />} />
            {/* The audit trail keeps its address here too, not in config/paths.ts. */}
            <Route path="audit" element={<AuditPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
