import { packagePagesMessages } from '@sherehe/shared/messages';
import { type ChangeEvent, useId } from 'react';
import { cx } from '@/lib/class-names';
import { imageFileProblem, useObjectUrl } from '@/lib/image-file';

interface PackageImageFieldProps {
  /** The chosen file; null when none is. */
  image: File | null;
  /** The package's image now (editing), shown until another is chosen. */
  current: string | null;
  /** Creating: a package needs an image. Editing: one is chosen only to replace the current one. */
  isEdit: boolean;
  error: string | null;
  disabled: boolean;
  /** A file was chosen (null: none, or one refused here for `problem`). */
  onChange: (image: File | null, problem: string | null) => void;
}

/** The package's image: a file chooser, its hint or error, and a preview of the chosen or current image. */
export function PackageImageField({
  image,
  current,
  isEdit,
  error,
  disabled,
  onChange,
}: PackageImageFieldProps) {
  const preview = useObjectUrl(image);
  const inputId = useId();
  const shown = preview ?? current;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? imageFileProblem(file) : null;
    if (problem) event.target.value = '';
    onChange(problem ? null : file, problem);
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block font-medium text-stone-800">
        {isEdit ? packagePagesMessages.imageOptional : packagePagesMessages.image}
      </label>
      <input
        id={inputId}
        name="image"
        type="file"
        accept="image/*"
        required={!isEdit}
        disabled={disabled}
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
        className={cx(
          'block min-h-11 w-full rounded-xl border bg-white px-3 py-2 text-base file:mr-3 file:min-h-9 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800',
          error ? 'border-red-700' : 'border-stone-400',
        )}
      />
      {error ? (
        <p id={`${inputId}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${inputId}-hint`} className="text-sm text-stone-600">
          {packagePagesMessages.imageHint}
        </p>
      )}
      {shown ? (
        <figure className="mt-3 max-w-sm">
          <img
            src={shown}
            alt={preview ? packagePagesMessages.previewAlt : packagePagesMessages.currentAlt}
            width={480}
            height={320}
            className="aspect-[3/2] w-full rounded-xl border border-stone-200 bg-stone-100 object-cover"
          />
          <figcaption className="mt-1 text-sm text-stone-600">
            {preview ? packagePagesMessages.previewCaption : packagePagesMessages.currentCaption}
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}
