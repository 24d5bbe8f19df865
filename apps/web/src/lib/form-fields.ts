import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * What a form's field takes from react-hook-form: its error under it, locked while `locked` (the
 * form is being sent, or not in edit mode), and its registration. `const field = fieldsOf(form,
 * busy)`, then `<InputField label={…} {...field('name')} />`.
 */
export function fieldsOf<TValues extends FieldValues, TContext, TOutput>(
  form: UseFormReturn<TValues, TContext, TOutput>,
  locked: boolean,
) {
  return (name: FieldPath<TValues>) => ({
    error: form.getFieldState(name, form.formState).error?.message,
    disabled: locked,
    ...form.register(name),
  });
}
