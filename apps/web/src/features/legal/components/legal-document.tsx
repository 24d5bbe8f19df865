import { formatDay } from '@sherehe/shared/dates';
import { legalPagesMessages as m } from '@sherehe/shared/messages/legal-pages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { textLinkClass } from '@/components/ui/text-link';

const legalLinkClass = textLinkClass();

/** A page of the terms or the privacy notice: its title, its version's date and its sections. */
export function LegalDocument({
  title,
  intro,
  version,
  children,
}: {
  title: string;
  intro: string;
  /** The document's version: the day it took effect (legal.ts). */
  version: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 md:py-12">
      <PageHeader title={title}>{intro}</PageHeader>
      <p className="-mt-3 mb-8 text-sm text-stone-600">{m.version(formatDay(version))}</p>
      <div className="space-y-8 leading-relaxed text-stone-800">{children}</div>
    </div>
  );
}

/** One titled part of a legal page: paragraphs, then a list, then links onward. */
export function LegalSection({
  heading,
  paragraphs = [],
  items = [],
  links = [],
}: {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
  links?: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <section>
      <h2 className="text-xl font-semibold text-stone-900">{heading}</h2>
      {paragraphs.map((text) => (
        <p key={text} className="mt-2">
          {text}
        </p>
      ))}
      {items.length > 0 ? (
        <ul className="mt-2 list-disc space-y-2 pl-5">
          {items.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      {links.map((link) => (
        <p key={link.to} className="mt-1">
          <Link to={link.to} className={legalLinkClass}>
            {link.label}
          </Link>
        </p>
      ))}
    </section>
  );
}
