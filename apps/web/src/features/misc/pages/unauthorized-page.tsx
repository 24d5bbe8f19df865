import { routesMessages } from '@sherehe/shared/messages';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { DocumentTitle } from '@/components/ui/document-title';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** /unauthorized?required={role}&current={role} (docs/product-spec.md#screens-and-routes). */
export default function UnauthorizedPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const required = params.get('required') || 'other';
  const current = params.get('current') || user?.role || 'guest';

  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <DocumentTitle title={routesMessages.unauthorizedTitle} />
      <h1 className="text-3xl font-bold">{routesMessages.unauthorizedTitle}</h1>
      <p className="mt-3 text-lg text-stone-700">{routesMessages.unauthorizedText(required, current)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={paths.home.getHref()}>{routesMessages.goHome}</ButtonLink>
        {user ? (
          <ButtonLink to={paths.dashboard.root.getHref()} variant="secondary">
            {routesMessages.goToDashboard}
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}
