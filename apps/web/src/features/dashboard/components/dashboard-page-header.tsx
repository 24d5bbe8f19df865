import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/ui/document-title';

export function DashboardPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-bold">{title}</h1>
      {children ? <p className="mt-1 text-stone-600">{children}</p> : null}
    </div>
  );
}
