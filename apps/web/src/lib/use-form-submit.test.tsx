import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { notifyError, notifySuccess } from './toast';
import { useFormSubmit } from './use-form-submit';

vi.mock('./toast', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyLoading: vi.fn(() => 'loading-1'),
  settleToast: vi.fn(),
}));

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('useFormSubmit', () => {
  it('sends once while a call runs, then toasts the result', async () => {
    const reply = deferred<{ message: string }>();
    const send = vi.fn(() => reply.promise);
    const { result } = renderHook(() =>
      useFormSubmit({ send, successToast: (answer: { message: string }) => answer.message }),
    );

    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.submit('a');
      void result.current.submit('b');
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(true);
    expect(result.current.pendingInput).toBe('a');

    await act(async () => {
      reply.resolve({ message: 'Saved!' });
      await first;
    });
    expect(result.current.busy).toBe(false);
    expect(notifySuccess).toHaveBeenCalledWith('Saved!');
  });

  it("puts the server's field errors under the form's fields and toasts its message", async () => {
    const refusal = new ApiError({
      status: 400,
      code: 'VALIDATION',
      message: 'Please check your input and try again.',
      serverMessage: 'Please check your input and try again.',
      errors: [
        { path: 'socialMedia.facebook', message: 'Facebook must be a web address.' },
        { path: 'password', message: 'Not a field of this form.' },
      ],
    });
    const { result } = renderHook(() => {
      const form = useForm<{ bio: string; socialMedia: { facebook: string } }>({
        defaultValues: { bio: '', socialMedia: { facebook: '' } },
      });
      return {
        form,
        submission: useFormSubmit({
          form,
          send: () => Promise.reject(refusal),
          failureToast: 'Failed to update.',
        }),
      };
    });

    await act(() => result.current.submission.submit({ bio: '', socialMedia: { facebook: 'x' } }));
    expect(result.current.form.getFieldState('socialMedia.facebook').error?.message).toBe(
      'Facebook must be a web address.',
    );
    expect(result.current.form.formState.errors).not.toHaveProperty('password');
    expect(notifyError).toHaveBeenCalledWith('Please check your input and try again.');
    expect(result.current.submission.busy).toBe(false);
  });

  it('sends nothing when the check refuses or the form is disabled', async () => {
    const send = vi.fn(() => Promise.resolve({}));
    const { result, rerender } = renderHook(
      ({ disabled }) => useFormSubmit({ send, disabled, check: () => false }),
      {
        initialProps: { disabled: false },
      },
    );
    await act(() => result.current.submit(undefined));
    rerender({ disabled: true });
    await act(() => result.current.submit(undefined));
    expect(send).not.toHaveBeenCalled();
  });
});
