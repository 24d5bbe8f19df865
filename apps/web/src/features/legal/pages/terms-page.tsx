import { TERMS_VERSION } from '@sherehe/shared/legal';
import { legalPagesMessages as m } from '@sherehe/shared/messages/legal-pages';
import { paths } from '@/config/paths';
import { LegalDocument, LegalSection } from '../components/legal-document';

/** /terms: the rules of using Sherehe, in the version that sign-up records consent to. */
export default function TermsPage() {
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
