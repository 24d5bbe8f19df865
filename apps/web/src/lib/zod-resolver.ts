import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type ErrorTree = Record<string, unknown>;

/** Puts `error` at `path` (e.g. socialMedia.facebook), unless that field already has one. */
function placeError(tree: ErrorTree, path: readonly PropertyKey[], error: { type: string; message: string }) {
  const keys = path.length > 0 ? path.map(String) : ['root'];
  let node = tree;
  for (const key of keys.slice(0, -1)) {
    const child = node[key];
    if (typeof child === 'object' && child !== null && !('message' in child)) node = child as ErrorTree;
    else if (child === undefined) {
      const created: ErrorTree = {};
      node[key] = created;
      node = created;
    } else return;
  }
  const last = keys[keys.length - 1] as string;
  node[last] ??= error;
}

/**
 * react-hook-form resolver for a zod schema (the shared contract's schemas), so the form checks
 * exactly what the server checks. Reports the first issue of each field, nested fields included
 * (`socialMedia.facebook`).
 */
export function zodResolver<TFieldValues extends FieldValues, TOutput extends FieldValues = TFieldValues>(
  schema: z.ZodType<TOutput>,
): Resolver<TFieldValues, unknown, TOutput> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: ErrorTree = {};
    for (const issue of result.error.issues) {
      placeError(errors, issue.path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors: errors as FieldErrors<TFieldValues> };
  };
}
