import { Link, type LinkProps } from 'react-router';
import { cx } from '@/lib/class-names';

/** A link or button set as a link in the text, tall enough to tap (44 px); `strong` is bolder. */
export function textLinkClass(strong = false, extra?: string) {
  return cx(
    extra,
    'inline-flex min-h-11 items-center',
    strong ? 'font-semibold' : 'font-medium',
    'text-brand-700 underline',
  );
}

export function TextLink({ strong, className, ...props }: LinkProps & { strong?: boolean }) {
  return <Link className={textLinkClass(strong, className)} {...props} />;
}
