import { genericMessages, packagesMessages } from '@sherehe/shared/messages';
import { type Package, type PackageFields, packageFieldsSchema } from '@sherehe/shared/schemas/packages';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { InputField, SelectField, TextareaField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { imageFileProblem, useObjectUrl } from '@/lib/image-file';
import { notifyError, notifySuccess } from '@/lib/toast';
import { zodResolver } from '@/lib/zod-resolver';
import { useCreatePackage } from '../api/create-package';
import { useUpdatePackage } from '../api/update-package';

/** The form's values as typed: all text (the price is parsed by the shared schema). */
interface PackageFormValues {
  title: string;
  description: string;
  price: string;
  category: string;
  location: string;
}

const FIELD_NAMES = ['title', 'description', 'price', 'category', 'location'] as const;
type FieldName = (typeof FIELD_NAMES)[number];
const isFieldName = (path: string): path is FieldName => (FIELD_NAMES as readonly string[]).includes(path);

interface PackageFormProps {
  categories: readonly Package['category'][];
  /** The package being edited; a new one is created without it. */
  pkg?: Package;
}

/** A refusal shown above the submit button, with the pricing link when the plan is full. */
interface FormProblem {
  message: string;
  upgrade: boolean;
}

/**
 * Create and edit (spec §2, §5): checked with the shared schema before anything is sent; the
 * image is required to create and optional to edit; one request at a time.
 */
export function PackageForm({ categories, pkg }: PackageFormProps) {
  const isEdit = pkg !== undefined;
  const navigate = useNavigate();
  const createPackage = useCreatePackage();
  const updatePackage = useUpdatePackage();
  const form = useForm<PackageFormValues, unknown, PackageFields>({
    resolver: zodResolver<PackageFormValues, PackageFields>(packageFieldsSchema),
    defaultValues: pkg
      ? {
          title: pkg.title,
          description: pkg.description,
          price: String(pkg.price),
          category: pkg.category._id,
          location: pkg.location,
        }
      : { title: '', description: '', price: '', category: '', location: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [saving, setSaving] = useState(false);
  // State lands a render late; the ref refuses a second submit straight away.
  const inFlight = useRef(false);
  const preview = useObjectUrl(image);
  const imageId = useId();

  function chooseImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const reason = file ? imageFileProblem(file) : null;
    setImageError(reason);
    if (reason) event.target.value = '';
    setImage(reason ? null : file);
  }

  /** The image rule: required to create; a chosen file must be an image of at most 5 MB. */
  function checkImage(): boolean {
    if (imageError) return false;
    if (!isEdit && !image) {
      setImageError(packagesMessages.imageRequired);
      return false;
    }
    return true;
  }

  function showServerErrors(error: unknown) {
    if (!isApiError(error)) return;
    for (const issue of error.errors) {
      if (isFieldName(issue.path)) form.setError(issue.path, { message: issue.message });
      else if (issue.path === 'image') setImageError(issue.message);
    }
    if (error.status === 413 || error.status === 415) setImageError(error.message);
  }

  async function send(fields: PackageFields) {
    if (inFlight.current || !checkImage()) return;
    inFlight.current = true;
    setSaving(true);
    setProblem(null);
    try {
      const reply = pkg
        ? await updatePackage.mutateAsync({ id: pkg._id, fields, image })
        : await createPackage.mutateAsync({ fields, image: image as File });
      notifySuccess(reply.message);
      navigate(paths.dashboard.packages.getHref());
      return;
    } catch (error) {
      showServerErrors(error);
      if (isApiError(error) && error.status === 403) {
        // The plan is full, or the package is someone else's: say it where the button is.
        setProblem({ message: error.message, upgrade: error.upgradePrompt });
      } else {
        notifyError(
          serverMessageOr(error, isEdit ? genericMessages.updateFailed : genericMessages.createFailed),
        );
      }
    }
    inFlight.current = false;
    setSaving(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    // The image is checked with the fields, so every problem shows at once.
    void form.handleSubmit(send, () => checkImage())(event);
  }

  const categoryOptions = [
    { value: '', label: 'Choose a category' },
    ...categories.map((category) => ({ value: category._id, label: category.name })),
  ];
  const current = pkg ? (pkg.imageThumb ?? pkg.image) : null;
  const shown = preview ?? current;

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={saving} className="space-y-5">
      <InputField
        label="Title"
        maxLength={120}
        required
        error={errors.title?.message}
        disabled={saving}
        {...form.register('title')}
      />
      <TextareaField
        label="Description"
        rows={6}
        maxLength={5000}
        required
        error={errors.description?.message}
        disabled={saving}
        {...form.register('description')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Price (Ksh)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          error={errors.price?.message}
          disabled={saving}
          {...form.register('price')}
        />
        <SelectField
          label="Category"
          options={categoryOptions}
          required
          error={errors.category?.message}
          disabled={saving}
          // Also given to the element itself: the selected option must not wait for the form library.
          defaultValue={form.formState.defaultValues?.category}
          {...form.register('category')}
        />
      </div>
      <InputField
        label="Location"
        maxLength={120}
        required
        autoComplete="address-level2"
        error={errors.location?.message}
        disabled={saving}
        {...form.register('location')}
      />
      <div className="space-y-1.5">
        <label htmlFor={imageId} className="block font-medium text-stone-800">
          Image{isEdit ? ' (optional: choose one to replace the current image)' : ''}
        </label>
        <input
          id={imageId}
          name="image"
          type="file"
          accept="image/*"
          required={!isEdit}
          disabled={saving}
          onChange={chooseImage}
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? `${imageId}-error` : `${imageId}-hint`}
          className={cx(
            'block min-h-11 w-full rounded-xl border bg-white px-3 py-2 text-base file:mr-3 file:min-h-9 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800',
            imageError ? 'border-red-700' : 'border-stone-400',
          )}
        />
        {imageError ? (
          <p id={`${imageId}-error`} className="text-sm font-medium text-red-700">
            {imageError}
          </p>
        ) : (
          <p id={`${imageId}-hint`} className="text-sm text-stone-600">
            A photo (JPEG, PNG, WebP, GIF or AVIF) of at most 5 MB.
          </p>
        )}
        {shown ? (
          <figure className="mt-3 max-w-sm">
            <img
              src={shown}
              alt={preview ? 'Preview of the chosen image' : 'Current image'}
              width={480}
              height={320}
              className="aspect-[3/2] w-full rounded-xl border border-stone-200 bg-stone-100 object-cover"
            />
            <figcaption className="mt-1 text-sm text-stone-600">
              {preview ? 'The chosen image' : 'The current image'}
            </figcaption>
          </figure>
        ) : null}
      </div>
      {problem ? (
        <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <p className="font-medium">{problem.message}</p>
          {problem.upgrade ? (
            <ButtonLink to={paths.pricing.getHref()} className="mt-3">
              {packagesMessages.viewPricingPlans}
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? genericMessages.saving : isEdit ? 'Save Changes' : packagesMessages.createPackage}
        </Button>
        <ButtonLink to={paths.dashboard.packages.getHref()} variant="secondary" size="lg">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}
