import { PRIVACY_VERSION, TERMS_VERSION } from '@sherehe/shared/legal';
import { legalPagesMessages as m } from '@sherehe/shared/messages/legal-pages';
import { paths } from '@/config/paths';
import { LegalDocument, LegalSection } from '../components/legal-document';

/** /terms: the rules of using Sherehe, in the version that sign-up records consent to. */
export function TermsPage() {
  return (
    <LegalDocument title={m.terms.title} intro={m.terms.intro} version={TERMS_VERSION}>
      {m.terms.sections.map((section) => (
        <LegalSection key={section.heading} heading={section.heading} paragraphs={section.paragraphs} />
      ))}
      <LegalSection
        heading={m.privacy.ask.heading}
        links={[
          { to: paths.privacy.getHref(), label: m.toPrivacy },
          { to: paths.contact.getHref(), label: m.toContact },
        ]}
      />
    </LegalDocument>
  );
}

/**
 * /privacy: what is kept about a person, why, for how long, who sees it, and how to ask; in the
 * version that sign-up records consent to.
 */
export function PrivacyPage() {
  const p = m.privacy;
  return (
    <LegalDocument title={p.title} intro={p.intro} version={PRIVACY_VERSION}>
      <LegalSection heading={p.kept.heading} items={p.kept.items} />
      <LegalSection heading={p.why.heading} items={p.why.items} />
      <LegalSection heading={p.howLong.heading} items={p.howLong.items} />
      <LegalSection heading={p.whoSees.heading} items={p.whoSees.items} />
      <LegalSection
        heading={p.yourChoice.heading}
        paragraphs={p.yourChoice.paragraphs}
        links={[{ to: paths.profile.getHref(), label: m.toProfile }]}
      />
      <LegalSection
        heading={p.ask.heading}
        paragraphs={p.ask.paragraphs}
        links={[
          { to: paths.contact.getHref(), label: m.toContact },
          { to: paths.terms.getHref(), label: m.toTerms },
        ]}
      />
    </LegalDocument>
  );
}

/**
 * /terms or /privacy, by `document`: one lazily loaded page for both, so the app's entry (which the
 * home page pays for) carries one import, not two.
 */
export default function LegalPage({ document }: { document: 'terms' | 'privacy' }) {
  return document === 'terms' ? <TermsPage /> : <PrivacyPage />;
}
