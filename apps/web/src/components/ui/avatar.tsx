import { cx } from '@/lib/class-names';

interface AvatarProps {
  /** The picture's URL; initials of `name` stand in without one. */
  src: string | null | undefined;
  name: string;
  /** Rendered size in pixels: one of AVATAR_SIZES. */
  size: AvatarSize;
  /** Empty when the name is written next to it. */
  alt?: string;
  className?: string;
  eager?: boolean;
}

/**
 * The sizes an avatar comes in, as classes: a style attribute in a page the server rendered is
 * refused by its Content-Security-Policy (the initials would lose their size until the app redrew
 * them, and the browser logs an error). The initials are about 2.6 times smaller than the circle.
 */
const AVATAR_SIZES = {
  48: 'size-12 text-[18px]',
  128: 'size-32 text-[49px]',
  144: 'size-36 text-[55px]',
} as const;

export type AvatarSize = keyof typeof AVATAR_SIZES;

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** A round profile picture, or the person's initials on a warm background. */
export function Avatar({ src, name, size, alt = '', className, eager = false }: AvatarProps) {
  const sizeClass = AVATAR_SIZES[size];
  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={cx('shrink-0 rounded-full bg-stone-100 object-cover', sizeClass, className)}
      />
    );
  }
  const initials = {
    className: cx(
      'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800',
      sizeClass,
      className,
    ),
  };
  return alt ? (
    <span role="img" aria-label={alt} {...initials}>
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  ) : (
    <span aria-hidden="true" {...initials}>
      {initialsOf(name)}
    </span>
  );
}
