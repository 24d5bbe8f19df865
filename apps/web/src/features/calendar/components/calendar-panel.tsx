import { type ReactNode, useId } from 'react';
import { TitledSection } from '@/components/ui/titled-section';
import { cx } from '@/lib/class-names';

/** One of the calendar page's panels: a card named by its heading, the one in use outlined. */
export function CalendarPanel({
  title,
  highlighted = false,
  children,
}: {
  title: string;
  highlighted?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <TitledSection
      id={titleId}
      title={title}
      className={cx(
        'rounded-2xl',
        highlighted ? 'border-2 border-brand-600' : 'border border-stone-200',
        'bg-white p-4 md:p-5',
      )}
      titleClassName="text-lg font-semibold"
    >
      {children}
    </TitledSection>
  );
}
