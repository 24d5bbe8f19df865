import { homeMessages } from '@sherehe/shared/messages';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-br from-brand-50 via-amber-50 to-rose-50 px-4 py-16 md:py-28"
    >
      <div className="mx-auto max-w-6xl">
        <p className="font-semibold tracking-wide text-brand-700 uppercase">{homeMessages.heroEyebrow}</p>
        <h1 id="hero-title" className="mt-3 max-w-3xl text-4xl font-extrabold leading-tight md:text-6xl">
          {homeMessages.heroTitle}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-stone-700 md:text-xl">{homeMessages.heroText}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={paths.login.getHref()} size="lg">
            {homeMessages.getStarted}
          </ButtonLink>
          <ButtonLink to={paths.packages.getHref()} size="lg" variant="secondary">
            {homeMessages.explorePackages}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
