import type { FormEventHandler, ReactNode } from 'react';

/** A list's filters: a form announced as a search landmark, named by `label`. */
export function SearchForm({
  label,
  onSubmit,
  className,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is announced everywhere; <search> is too new for some screen readers
    <form role="search" aria-label={label} onSubmit={onSubmit} className={className}>
      {children}
    </form>
  );
}
