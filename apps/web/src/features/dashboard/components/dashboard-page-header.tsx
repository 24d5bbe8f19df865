import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';

export function DashboardPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return <PageHeader title={title}>{children}</PageHeader>;
}
