import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { errorMessage, isApiError, serverMessageOr } from './api-client';
import { notifyError, notifyLoading, notifySuccess, settleToast } from './toast';

export interface FormSubmitOptions<TInput, TResult, TValues extends FieldValues> {
  /** The call: a mutation's `mutateAsync`, or the caller's own async function. */
  send: (input: TInput) => Promise<TResult>;
  /** The react-hook-form form, if there is one: the server's per-field messages go under its fields. */
  form?: UseFormReturn<TValues, unknown, TInput>;
  /**
   * The server's field paths to show on the form (the rest only reach the failure toast). By default
   * every field the form holds a value for, nested ones included (`socialMedia.facebook`).
   */
  fields?: readonly FieldPath<TValues>[];
  /** Submits are ignored while true (the form may not be sent now: a guest, not in edit mode…). */
  disabled?: boolean;
  /** Checks made after the in-flight guard, before sending; false refuses (it shows its own reason). */
  check?: (input: TInput) => boolean;
  /** With `form`: runs when the schema refuses the values (to check what the schema cannot see). */
  onInvalid?: () => void;
  /** Runs as the call starts (to clear what the last attempt left on screen). */
  onStart?: () => void;
  /** A spinner toast while the call runs, turned into the success or failure toast. */
  pendingToast?: ReactNode;
  /** The toast after a success, from the result (usually the server's `message`). */
  successToast?: (result: TResult) => ReactNode;
  /**
   * The toast after a failure: a text is the fallback for the server's own message; a function
   * chooses the text, or null for none. Left out, the form shows the failure itself.
   */
  failureToast?: string | ((error: unknown, input: TInput) => ReactNode | null);
  onSuccess?: (result: TResult, input: TInput) => void | Promise<void>;
  onFailure?: (error: unknown, input: TInput) => void;
  /** The page moves on after a success: the form stays locked until it is gone. */
  staysBusyAfterSuccess?: boolean;
}

export interface FormSubmit<TInput> {
  /** Sends `input` unless a call is already running, the form is disabled or `check` refuses. */
  submit: (input: TInput) => Promise<void>;
  /** For `<form onSubmit>` with `form`: validates with its schema, then sends the parsed values. */
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** True while a call runs: lock the fields and label the button. */
  busy: boolean;
  /** What is being sent (to tell which of several buttons is busy), null when nothing is. */
  pendingInput: TInput | null;
}

/** Every path under `values` that holds a value: `name`, `socialMedia.facebook`… */
function fieldPathsOf(values: unknown, prefix = ''): string[] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return prefix ? [prefix] : [];
  return Object.entries(values).flatMap(([key, value]) =>
    fieldPathsOf(value, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * One submit of a form or an action button: one call at a time, its toasts, and the server's
 * per-field messages (`errors: [{ path, message }]` of the api client's ApiError) under the fields.
 * React state lands a render late, so a ref refuses a second submit at once (a double click, or
 * Enter pressed twice).
 */
export function useFormSubmit<TInput, TResult, TValues extends FieldValues = FieldValues>(
  options: FormSubmitOptions<TInput, TResult, TValues>,
): FormSubmit<TInput> {
  const inFlight = useRef(false);
  const [pending, setPending] = useState<{ input: TInput } | null>(null);

  function showFieldErrors(error: unknown) {
    const { form } = options;
    if (!form || !isApiError(error) || error.errors.length === 0) return;
    const fields = new Set<string>(options.fields ?? fieldPathsOf(form.getValues()));
    for (const issue of error.errors) {
      if (fields.has(issue.path)) form.setError(issue.path as FieldPath<TValues>, { message: issue.message });
    }
  }

  function failureText(error: unknown, input: TInput): ReactNode | null {
    const { failureToast } = options;
    if (typeof failureToast === 'string') return serverMessageOr(error, failureToast);
    return failureToast ? failureToast(error, input) : null;
  }

  async function submit(input: TInput) {
    if (inFlight.current || options.disabled) return;
    if (options.check && !options.check(input)) return;
    inFlight.current = true;
    setPending({ input });
    options.onStart?.();
    const toastId = options.pendingToast === undefined ? null : notifyLoading(options.pendingToast);
    let locked = false;
    try {
      const result = await options.send(input);
      const text = options.successToast?.(result);
      if (toastId !== null) settleToast(toastId, 'success', text);
      else if (text !== undefined) notifySuccess(text);
      await options.onSuccess?.(result, input);
      locked = options.staysBusyAfterSuccess ?? false;
    } catch (error) {
      const text = failureText(error, input);
      // A spinner toast must settle into something: the error's own text when no other is chosen.
      if (toastId !== null) settleToast(toastId, 'error', text ?? errorMessage(error));
      else if (text !== null) notifyError(text);
      showFieldErrors(error);
      options.onFailure?.(error, input);
    } finally {
      if (!locked) {
        inFlight.current = false;
        setPending(null);
      }
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const { form } = options;
    if (inFlight.current || options.disabled || !form) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(submit, options.onInvalid)(event);
  }

  return { submit, handleSubmit, busy: pending !== null, pendingInput: pending?.input ?? null };
}
