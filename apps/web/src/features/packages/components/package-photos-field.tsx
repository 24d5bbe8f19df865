import { imagesMessages, packagePhotosMessages } from '@sherehe/shared/messages';
import {
  PACKAGE_PHOTO_MAX_BYTES,
  PACKAGE_PHOTO_MAX_MB,
  PACKAGE_PHOTOS_MAX,
} from '@sherehe/shared/schemas/packages';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import { cx } from '@/lib/class-names';
import { useObjectUrl } from '@/lib/image-file';
import type { PhotoItem } from '../hooks/use-save-package';

const m = packagePhotosMessages;

/**
 * Why a chosen file cannot be one of the package's photos, or null when it may be. The server
 * judges the bytes again; this only spares a slow connection a doomed upload.
 */
export function photoFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return imagesMessages.notImage;
  if (file.size > PACKAGE_PHOTO_MAX_BYTES) return m.tooLarge(PACKAGE_PHOTO_MAX_MB);
  return null;
}

/** The photos after choosing `files`: those that fit are added, and the first problem is said. */
export function addChosenPhotos(
  photos: PhotoItem[],
  files: File[],
): { photos: PhotoItem[]; problem: string | null } {
  const next = [...photos];
  let problem: string | null = null;
  for (const file of files) {
    const refusal = photoFileProblem(file);
    if (refusal) problem ??= refusal;
    else if (next.length >= PACKAGE_PHOTOS_MAX) problem ??= m.tooMany(PACKAGE_PHOTOS_MAX);
    else next.push({ kind: 'new', key: `${file.name}-${file.size}-${crypto.randomUUID()}`, file });
  }
  return { photos: next, problem };
}

/** A full-width button under a photo: a plain one, or a red one for a removal. */
function PhotoButton({
  onClick,
  disabled,
  label,
  danger = false,
  children,
}: {
  onClick: () => void;
  disabled: boolean;
  label: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className={
        danger
          ? 'min-h-11 w-full rounded-lg border border-red-200 bg-white px-2 text-sm font-medium text-red-800'
          : 'min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm font-medium text-stone-800'
      }
    >
      {children}
    </button>
  );
}

function keyOf(photo: PhotoItem) {
  return photo.kind === 'saved' ? photo.id : photo.key;
}

function PhotoPreview({ photo, number }: { photo: PhotoItem; number: number }) {
  const preview = useObjectUrl(photo.kind === 'new' ? photo.file : null);
  const src = photo.kind === 'saved' ? photo.url : preview;
  if (!src) return <div className="aspect-[3/2] w-full rounded-lg bg-stone-100" />;
  return (
    <img
      src={src}
      alt={m.photoAlt(number)}
      width={240}
      height={160}
      className="aspect-[3/2] w-full rounded-lg border border-stone-200 bg-stone-100 object-cover"
    />
  );
}

interface PackagePhotosFieldProps {
  photos: PhotoItem[];
  error: string | null;
  disabled: boolean;
  /** The photos changed; `problem` says why a chosen file was not added (null: all were). */
  onChange: (photos: PhotoItem[], problem: string | null) => void;
}

/** The package's photos: add up to 8, see them, remove one, make one the cover (the first). */
export function PackagePhotosField({ photos, error, disabled, onChange }: PackagePhotosFieldProps) {
  const inputId = useId();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const added = addChosenPhotos(photos, files);
    onChange(added.photos, added.problem);
  }

  function remove(index: number) {
    onChange(
      photos.filter((_, at) => at !== index),
      null,
    );
  }

  function makeCover(index: number) {
    const chosen = photos[index];
    if (!chosen) return;
    onChange([chosen, ...photos.filter((_, at) => at !== index)], null);
  }

  return (
    <fieldset className="space-y-2" aria-describedby={`${inputId}-hint ${inputId}-count`}>
      <legend className="font-medium text-stone-800">{m.photos}</legend>
      <p id={`${inputId}-hint`} className="text-sm text-stone-600">
        {m.hint(PACKAGE_PHOTOS_MAX, PACKAGE_PHOTO_MAX_MB)}
      </p>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((photo, index) => (
            <li key={keyOf(photo)} className="space-y-1.5">
              <PhotoPreview photo={photo} number={index + 1} />
              {index === 0 ? (
                <p className="text-sm font-semibold text-brand-800">{m.cover}</p>
              ) : (
                <PhotoButton
                  onClick={() => makeCover(index)}
                  disabled={disabled}
                  label={m.makeCoverOf(index + 1)}
                >
                  {m.makeCover}
                </PhotoButton>
              )}
              <PhotoButton
                onClick={() => remove(index)}
                disabled={disabled}
                label={m.removeOf(index + 1)}
                danger
              >
                {m.remove}
              </PhotoButton>
            </li>
          ))}
        </ul>
      ) : null}
      <p id={`${inputId}-count`} className="text-sm text-stone-700" aria-live="polite">
        {m.count(photos.length, PACKAGE_PHOTOS_MAX)}
      </p>
      <label htmlFor={inputId} className="block font-medium text-stone-800">
        {m.addPhotos}
      </label>
      <input
        id={inputId}
        name="images"
        type="file"
        accept="image/*"
        multiple
        disabled={disabled}
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={cx(
          'block min-h-11 w-full rounded-xl border bg-white px-3 py-2 text-base file:mr-3 file:min-h-9 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800',
          error ? 'border-red-700' : 'border-stone-400',
        )}
      />
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
