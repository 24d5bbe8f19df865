import { cx } from '@/lib/class-names';

interface AvatarProps {
  /** The picture's URL; initials of `name` stand in without one. */
  src: string | null | undefined;
  name: string;
  /** Rendered size in pixels. */
  size: number;
  /** Empty when the name is written next to it. */
  alt?: string;
  className?: string;
  eager?: boolean;
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** A round profile picture, or the person's initials on a warm background. */
export function Avatar({ src, name, size, alt = '', className, eager = false }: AvatarProps) {
  const style = { width: size, height: size };
  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        style={style}
        className={cx('shrink-0 rounded-full bg-stone-100 object-cover', className)}
      />
    );
  }
  const initials = {
    style: { ...style, fontSize: Math.max(12, Math.round(size / 2.6)) },
    className: cx(
      'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800',
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
