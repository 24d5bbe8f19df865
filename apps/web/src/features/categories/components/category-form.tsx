import { categoriesMessages, controlsMessages } from '@sherehe/shared/messages';
import { type CategoryBody, categoryBodySchema } from '@sherehe/shared/schemas/categories';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormCancel, InputField, TextareaField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { fieldsOf } from '@/lib/form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { zodResolver } from '@/lib/zod-resolver';

interface CategoryFormProps {
  initial?: CategoryBody;
  submitLabel: string;
  /** Saves the category; the server's answer gives the success toast. */
  onSubmit: (body: CategoryBody) => Promise<{ message: string }>;
  /** The failure toast when the server gives no reason. */
  failureText: string;
  /** After a success (the edit dialog closes). */
  onSaved?: () => void;
  /** Empties the fields after a success (the add form). */
  resetOnSuccess?: boolean;
  onCancel?: () => void;
}

/**
 * Name (required), its Kiswahili twin and description (optional), checked with the shared schema
 * (docs/product-spec.md#validation).
 */
export function CategoryForm({
  initial,
  submitLabel,
  onSubmit,
  failureText,
  onSaved,
  resetOnSuccess = false,
  onCancel,
}: CategoryFormProps) {
  const form = useForm<CategoryBody>({
    resolver: zodResolver(categoryBodySchema),
    defaultValues: initial ?? { name: '', nameSw: '', description: '' },
  });
  const { handleSubmit, busy: saving } = useFormSubmit({
    form,
    send: onSubmit,
    successToast: (reply) => reply.message,
    failureToast: failureText,
    onSuccess: () => {
      if (resetOnSuccess) form.reset({ name: '', nameSw: '', description: '' });
      onSaved?.();
    },
    onFailure: (error) => {
      // A name taken (409) belongs under the name.
      if (isApiError(error) && error.status === 409) form.setError('name', { message: error.message });
    },
  });

  const field = fieldsOf(form, saving);
  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={saving} className="space-y-4">
      <InputField label={categoriesMessages.name} maxLength={60} required {...field('name')} />
      <InputField label={categoriesMessages.nameSw} lang="sw" maxLength={60} {...field('nameSw')} />
      <TextareaField
        label={categoriesMessages.description}
        rows={3}
        maxLength={500}
        {...field('description')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? controlsMessages.saving : submitLabel}
        </Button>
        <FormCancel onCancel={onCancel} disabled={saving} />
      </div>
    </form>
  );
}
