import { homeMessages, packagesMessages } from '@sherehe/shared/messages';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { DocumentTitle } from '@/components/ui/document-title';
import { TitledSection } from '@/components/ui/titled-section';
import { paths } from '@/config/paths';
import { Faq } from '../components/faq';
import { Hero } from '../components/hero';
import { AUDIENCES, FAQS, FEATURES, HOW_IT_WORKS, REASONS } from '../components/home-content';
import { ImpactCounters } from '../components/impact-counters';
import { CardGrid, Section } from '../components/section';

interface HomePageProps {
  /** The plans grid (from the plans feature), filled in by the route. */
  plans: ReactNode;
  /** The featured packages list (from the packages feature), filled in by the route. */
  featuredPackages: ReactNode;
}

/** The landing page, sections in the order of docs/product-spec.md#pages. */
export function HomePage({ plans, featuredPackages }: HomePageProps) {
  return (
    <>
      <DocumentTitle />
      <Hero />

      <Section title={homeMessages.whoWeAreTitle}>
        <p className="mx-auto max-w-3xl text-center text-lg text-stone-700">{homeMessages.whoWeAre}</p>
      </Section>

      <Section title={homeMessages.howItWorksTitle} intro={homeMessages.howItWorksIntro} tone="tinted">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {HOW_IT_WORKS.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-stone-200 bg-canvas p-6">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
              <p className="mt-2 text-stone-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <ImpactCounters />

      <Section title={homeMessages.plansTitle} intro={homeMessages.plansIntro}>
        {plans}
        <div className="mt-8 text-center">
          <ButtonLink to={paths.pricing.getHref()} variant="secondary">
            {homeMessages.comparePlans}
          </ButtonLink>
        </div>
      </Section>

      <Section title={homeMessages.featuresTitle} intro={homeMessages.featuresIntro} tone="tinted">
        <CardGrid items={FEATURES} />
      </Section>

      <Section title={homeMessages.audiencesTitle}>
        <CardGrid items={AUDIENCES} columns={4} />
      </Section>

      <Section title={homeMessages.reasonsTitle} tone="tinted">
        <CardGrid items={REASONS} columns={5} />
      </Section>

      <Section title={homeMessages.featuredTitle} intro={homeMessages.featuredIntro}>
        {featuredPackages}
        <div className="mt-8 text-center">
          <ButtonLink to={paths.packages.getHref()} size="lg">
            {packagesMessages.seeAll}
          </ButtonLink>
        </div>
      </Section>

      <Section title={homeMessages.faqTitle} tone="tinted">
        <Faq items={FAQS} />
      </Section>

      <TitledSection
        id="cta-title"
        title={homeMessages.ctaTitle}
        className="bg-brand-700 px-4 py-16 text-center text-white md:py-20"
        titleClassName="text-3xl font-extrabold text-white md:text-4xl"
      >
        <p className="mx-auto mt-3 max-w-xl text-lg text-brand-50">{homeMessages.ctaText}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={paths.login.getHref()} size="lg" variant="inverse">
            {homeMessages.signUpFree}
          </ButtonLink>
          <ButtonLink to={paths.contact.getHref()} size="lg" variant="inverseOutline">
            {homeMessages.contactSupport}
          </ButtonLink>
        </div>
      </TitledSection>
    </>
  );
}
