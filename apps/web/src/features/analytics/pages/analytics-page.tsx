import { analyticsMessages, bookingsMessages, dashboardMessages } from '@sherehe/shared/messages';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TitledSection } from '@/components/ui/titled-section';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import { BookingsByStatusChart } from '../components/bookings-by-status-chart';
import { FigureCards } from '../components/figure-cards';
import { RevenueChart } from '../components/revenue-chart';

/** /dashboard/analytics (planner, admin): figures, bookings by status and revenue by month. */
export default function AnalyticsPage() {
  const overview = useAnalyticsOverview();

  if (overview.isPending) {
    return (
      <>
        <PageHeader title={dashboardMessages.analytics}>{analyticsMessages.intro}</PageHeader>
        <Skeleton
          layout="card"
          count={3}
          lines={1}
          label={analyticsMessages.loading}
          className="grid gap-4 md:grid-cols-3"
        />
      </>
    );
  }

  if (overview.isError) {
    const upgrade = isApiError(overview.error) && overview.error.upgradePrompt;
    return (
      <>
        <PageHeader title={dashboardMessages.analytics}>{analyticsMessages.intro}</PageHeader>
        {upgrade ? (
          <Card className="max-w-2xl">
            <h2 className="text-xl font-semibold">{analyticsMessages.upgradeTitle}</h2>
            <p className="mt-2 text-stone-700">
              {(isApiError(overview.error) && overview.error.serverMessage) || analyticsMessages.upgrade}
            </p>
            <ButtonLink to={paths.pricing.getHref()} className="mt-5">
              {bookingsMessages.viewPricing}
            </ButtonLink>
          </Card>
        ) : (
          <LoadError message={analyticsMessages.loadFailed} onRetry={() => void overview.refetch()} />
        )}
      </>
    );
  }

  const data = overview.data;
  return (
    <>
      <PageHeader title={dashboardMessages.analytics}>
        {data.scope === 'marketplace' ? analyticsMessages.marketplaceIntro : analyticsMessages.plannerIntro}
      </PageHeader>
      <TitledSection id="analytics-figures" title={analyticsMessages.figures} titleClassName="sr-only">
        <FigureCards overview={data} />
      </TitledSection>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <BookingsByStatusChart counts={data.bookingsByStatus} />
        <RevenueChart months={data.revenueByMonth} />
      </div>
    </>
  );
}
