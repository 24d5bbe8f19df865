import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from '@sherehe/shared/cancellation-policies';
import { categoryName } from '@sherehe/shared/category-name';
import {
  controlsMessages,
  genericMessages,
  packagePagesMessages,
  packagePhotosMessages,
  packagesMessages,
} from '@sherehe/shared/messages';
import { cancellationPoliciesMessages } from '@sherehe/shared/messages/cancellation-policies';
import { formatKsh } from '@sherehe/shared/money';
import { BALANCE_DUE_DAYS_BEFORE, DEFAULT_DEPOSIT_PERCENT, depositAmount } from '@sherehe/shared/payments';
import {
  depositPercentInputSchema,
  type Package,
  type PackageFields,
  packageFieldsSchema,
  priceInputSchema,
} from '@sherehe/shared/schemas/packages';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { InputField, SelectField, TextareaField } from '@/components/ui/form-field';
import { LANG } from '@/config/lang';
import { paths } from '@/config/paths';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { fieldsOf } from '@/lib/form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { zodResolver } from '@/lib/zod-resolver';
import { type PhotoItem, savedPhotos, useSavePackage } from '../hooks/use-save-package';
import { PackagePhotosField } from './package-photos-field';

/** The form's values as typed: all text (the price is parsed by the shared schema). */
type PackageFormValues = Record<keyof PackageFields, string>;

interface PackageFormProps {
  categories: readonly Package['category'][];
  /** The package being edited; a new one is created without it. */
  pkg?: Package;
}

/** What a client pays on acceptance at the price and share typed so far, in words (docs/money.md#payments). */
export function depositHintText(price: string, percent: string): string {
  const parsedPercent = depositPercentInputSchema.safeParse(percent);
  const parsedPrice = priceInputSchema.safeParse(price);
  const share = parsedPercent.success ? parsedPercent.data : null;
  const deposit =
    share !== null && parsedPrice.success ? formatKsh(depositAmount(parsedPrice.data, share)) : null;
  return packagePagesMessages.depositHint({ deposit, percent: share, days: BALANCE_DUE_DAYS_BEFORE });
}

/** A refusal shown above the submit button, with the pricing link when the plan is full. */
interface FormProblem {
  message: string;
  upgrade: boolean;
}

/**
 * Create and edit: checked with the shared schema before anything is sent; a package needs a
 * photo (the first is its cover) and may have up to 8; one save at a time, each new photo sent in
 * a request of its own.
 */
export function PackageForm({ categories, pkg }: PackageFormProps) {
  const isEdit = pkg !== undefined;
  const navigate = useNavigate();
  const { save, progress } = useSavePackage(pkg);
  const form = useForm<PackageFormValues, unknown, PackageFields>({
    resolver: zodResolver<PackageFormValues, PackageFields>(packageFieldsSchema),
    defaultValues: pkg
      ? {
          title: pkg.title,
          description: pkg.description,
          price: String(pkg.price),
          category: pkg.category._id,
          location: pkg.location,
          depositPercent: String(pkg.depositPercent),
          cancellationPolicy: pkg.cancellationPolicy,
        }
      : {
          title: '',
          description: '',
          price: '',
          category: '',
          location: '',
          depositPercent: String(DEFAULT_DEPOSIT_PERCENT),
          cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
        },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const depositHint = depositHintText(form.watch('price'), form.watch('depositPercent'));
  const [photos, setPhotos] = useState<PhotoItem[]>(() => savedPhotos(pkg));
  const [imageError, setImageError] = useState<string | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const policyHintId = useId();

  /** The photo rule: a package has at least one (a refused file is said where it was chosen). */
  function checkImage(): boolean {
    if (photos.length === 0 && (!isEdit || (pkg?.images?.length ?? 0) > 0)) {
      setImageError(packagesMessages.imageRequired);
      return false;
    }
    return true;
  }

  const { handleSubmit, busy: saving } = useFormSubmit({
    form,
    send: (fields: PackageFields) => save(fields, photos),
    check: checkImage,
    // The image is checked with the fields, so every problem shows at once.
    onInvalid: checkImage,
    onStart: () => setProblem(null),
    successToast: (reply) => reply.message,
    failureToast: (error) =>
      isApiError(error) && error.status === 403
        ? null
        : serverMessageOr(error, isEdit ? genericMessages.updateFailed : genericMessages.createFailed),
    onSuccess: () => navigate(paths.dashboard.packages.getHref()),
    onFailure: (error) => {
      if (!isApiError(error)) return;
      for (const issue of error.errors) {
        if (['image', 'images', 'removeImages', 'imageOrder'].includes(issue.path))
          setImageError(issue.message);
      }
      if (error.status === 413 || error.status === 415) setImageError(error.message);
      // The plan is full, or the package is someone else's: say it where the button is.
      if (error.status === 403) setProblem({ message: error.message, upgrade: error.upgradePrompt });
    },
    staysBusyAfterSuccess: true,
  });

  const categoryOptions = [
    { value: '', label: packagePagesMessages.chooseCategory },
    ...categories.map((category) => ({ value: category._id, label: categoryName(category, LANG) })),
  ];
  const field = fieldsOf(form, saving);
  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={saving} className="space-y-5">
      <InputField label={packagePagesMessages.title} maxLength={120} required {...field('title')} />
      <TextareaField
        label={packagePagesMessages.description}
        rows={6}
        maxLength={5000}
        required
        {...field('description')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={packagePagesMessages.priceKsh}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          {...field('price')}
        />
        <SelectField
          label={packagePagesMessages.category}
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
        label={packagePagesMessages.depositPercent}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        required
        hint={depositHint}
        {...field('depositPercent')}
      />
      <fieldset className="space-y-2" aria-describedby={policyHintId}>
        <legend className="mb-1 font-medium text-stone-800">{cancellationPoliciesMessages.title}</legend>
        <p id={policyHintId} className="text-sm text-stone-600">
          {cancellationPoliciesMessages.formHint}
        </p>
        {CANCELLATION_POLICIES.map((policy) => (
          <label
            key={policy}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-stone-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              value={policy}
              disabled={saving}
              className="mt-1 size-5 shrink-0 accent-brand-600"
              {...form.register('cancellationPolicy')}
            />
            <span>
              <span className="block font-medium text-stone-900">
                {cancellationPoliciesMessages.names[policy]}
              </span>
              <span className="block text-sm text-stone-700">
                {cancellationPoliciesMessages.forPlanners[policy]}
              </span>
            </span>
          </label>
        ))}
        {errors.cancellationPolicy?.message ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.cancellationPolicy.message}
          </p>
        ) : null}
      </fieldset>
      <InputField
        label={packagePagesMessages.location}
        maxLength={120}
        required
        autoComplete="address-level2"
        {...field('location')}
      />
      <PackagePhotosField
        photos={photos}
        error={imageError}
        disabled={saving}
        onChange={(next, reason) => {
          setPhotos(next);
          setImageError(reason);
        }}
      />
      {progress ? (
        <p role="status" className="font-medium text-stone-800">
          {packagePhotosMessages.uploading(progress.current, progress.total)}
        </p>
      ) : null}
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
          {saving
            ? controlsMessages.saving
            : isEdit
              ? controlsMessages.saveChanges
              : packagesMessages.createPackage}
        </Button>
        <ButtonLink to={paths.dashboard.packages.getHref()} variant="secondary" size="lg">
          {controlsMessages.cancel}
        </ButtonLink>
      </div>
    </form>
  );
}
