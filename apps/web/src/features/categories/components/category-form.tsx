import { genericMessages } from '@sherehe/shared/messages';
import { type CategoryBody, categoryBodySchema } from '@sherehe/shared/schemas/categories';
import { type FormEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { InputField, TextareaField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/zod-resolver';

interface CategoryFormValues {
  name: string;
  description: string;
}

interface CategoryFormProps {
  initial?: CategoryFormValues;
  submitLabel: string;
  /** Rejects with the server's error to keep the form as it is (its field errors are shown). */
  onSubmit: (body: CategoryBody) => Promise<void>;
  /** Empties the fields after a success (the add form). */
  resetOnSuccess?: boolean;
  onCancel?: () => void;
}

/** Name (required) and description (optional), checked with the shared schema (spec §5). */
export function CategoryForm({
  initial,
  submitLabel,
  onSubmit,
  resetOnSuccess = false,
  onCancel,
}: CategoryFormProps) {
  const form = useForm<CategoryFormValues, unknown, CategoryBody>({
    resolver: zodResolver<CategoryFormValues, CategoryBody>(categoryBodySchema),
    defaultValues: initial ?? { name: '', description: '' },
  });
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const { errors } = form.formState;

  async function send(body: CategoryBody) {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      await onSubmit(body);
      if (resetOnSuccess) form.reset({ name: '', description: '' });
    } catch (error) {
      if (!isApiError(error)) return;
      // A name taken (409) belongs under the name.
      if (error.status === 409) form.setError('name', { message: error.message });
      for (const issue of error.errors) {
        if (issue.path === 'name' || issue.path === 'description') {
          form.setError(issue.path, { message: issue.message });
        }
      }
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(send)(event);
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={saving} className="space-y-4">
      <InputField
        label="Name"
        maxLength={60}
        required
        error={errors.name?.message}
        disabled={saving}
        {...form.register('name')}
      />
      <TextareaField
        label="Description (optional)"
        rows={3}
        maxLength={500}
        error={errors.description?.message}
        disabled={saving}
        {...form.register('description')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? genericMessages.saving : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
