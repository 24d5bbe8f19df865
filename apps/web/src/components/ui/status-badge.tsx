import { controlsMessages } from '@sherehe/shared/messages';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from './badge';

/** A status in words, its colour never the only sign; screen readers hear "Status:" before it. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <Badge tone={tone}>
      <span className="sr-only">{controlsMessages.statusPrefix}</span>
      {children}
    </Badge>
  );
}
