import type { ReactNode } from 'react';

/** A section named by its heading (`aria-labelledby`), the heading first. */
export function TitledSection({
  id,
  title,
  className,
  titleClassName,
  headingLevel = 2,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
