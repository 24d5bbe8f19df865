import { routesMessages } from '@sherehe/shared/messages';
import { ButtonLink } from '@/components/ui/button';
import { DocumentTitle } from '@/components/ui/document-title';
import { paths } from '@/config/paths';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <DocumentTitle title={routesMessages.notFoundTitle} />
      <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{routesMessages.notFoundTitle}</h1>
      <p className="mt-3 text-stone-600">{routesMessages.notFoundText}</p>
      <ButtonLink to={paths.home.getHref()} size="lg" className="mt-8">
        {routesMessages.goHome}
      </ButtonLink>
    </section>
  );
}
