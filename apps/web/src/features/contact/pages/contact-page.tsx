import { authMessages, contactMessages, controlsMessages } from '@sherehe/shared/messages';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TitledSection } from '@/components/ui/titled-section';
import { site } from '@/config/site';
import { useSession } from '@/lib/session';
import { ContactForm } from '../components/contact-form';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{label}</dt>
      <dd className="mt-1 text-stone-900">{children}</dd>
    </div>
  );
}

const linkClass = 'inline-flex min-h-11 items-center font-medium break-all text-brand-700 underline';

/** /contact (docs/product-spec.md#screens-and-routes): the team's details and a message form. */
export default function ContactPage() {
  const { user, isChecking } = useSession();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 md:py-12">
      <PageHeader title={contactMessages.title}>{contactMessages.intro}</PageHeader>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <TitledSection
          id="contact-details-title"
          title={contactMessages.reachUs}
          className="h-fit rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
          titleClassName="text-2xl font-bold"
        >
          <dl className="mt-4 space-y-4">
            <Detail label={authMessages.email}>
              <a href={`mailto:${site.email}`} className={linkClass}>
                {site.email}
              </a>
            </Detail>
            <Detail label={contactMessages.phone}>
              <a href={`tel:${site.phone.replaceAll(' ', '')}`} className={linkClass}>
                {site.phone}
              </a>
            </Detail>
            <Detail label={contactMessages.office}>{contactMessages.city}</Detail>
            <Detail label={contactMessages.hoursLabel}>{contactMessages.hours}</Detail>
          </dl>
        </TitledSection>
        <section className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          {isChecking ? (
            <Skeleton layout="form" lines={3} label={controlsMessages.loadingForm} />
          ) : (
            // Remounted when the session changes, so the fields take the new user's name and email.
            <ContactForm key={user?._id ?? 'guest'} user={user} />
          )}
        </section>
      </div>
    </div>
  );
}
