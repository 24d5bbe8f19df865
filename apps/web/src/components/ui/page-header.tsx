import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

interface PageHeaderProps {
  title: string;
  /** A line under the title. */
  children?: ReactNode;
  /** Buttons on the title's right (below it on phones). */
  actions?: ReactNode;
}

/** A page's one h1 and the tab title. */
export function PageHeader({ title, children, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <DocumentTitle title={title} />
      <div>
        <h1 className="text-3xl font-bold">{title}</h1>
        {children ? <p className="mt-1 text-stone-600">{children}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}
