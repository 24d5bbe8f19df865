import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form resolver for a zod schema (the shared contract's schemas), so the form checks
 * exactly what the server checks. Reports the first issue of each top-level field.
 */
export function zodResolver<TFieldValues extends FieldValues, TOutput extends FieldValues = TFieldValues>(
  schema: z.ZodType<TOutput>,
): Resolver<TFieldValues, unknown, TOutput> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'root');
      errors[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<TFieldValues> };
  };
}
