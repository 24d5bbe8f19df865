import { authMessages, loginMessages, resetMessages } from '@sherehe/shared/messages';
import { PASSWORD_MAX, PASSWORD_MIN } from '@sherehe/shared/schemas/auth';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { textLinkClass } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useHydrated } from '@/lib/use-hydrated';
import { useResetPassword } from '../api/reset-password';

/** The page moves on to /login this long after a successful reset (docs/product-spec.md#pages). */
export const REDIRECT_AFTER_RESET_MS = 2000;

type PasswordField = 'newPassword' | 'confirmPassword';

export interface PasswordProblem {
  message: string;
  /** The fields the message is about (marked invalid, the first one focused). */
  fields: PasswordField[];
}

/**
 * The checks in their order (both filled, equal, long enough: docs/product-spec.md#validation). The length is the server's
 * (PASSWORD_MIN of the shared schema, 8), stated with its own text, rather than the specification's 6.
 */
export function checkNewPassword(newPassword: string, confirmPassword: string): PasswordProblem | null {
  if (!newPassword || !confirmPassword) {
    const fields: PasswordField[] = [];
    if (!newPassword) fields.push('newPassword');
    if (!confirmPassword) fields.push('confirmPassword');
    return { message: resetMessages.fillAll, fields };
  }
  if (newPassword !== confirmPassword) {
    return { message: resetMessages.mismatch, fields: ['confirmPassword'] };
  }
  if (newPassword.length < PASSWORD_MIN) {
    return { message: authMessages.passwordTooShort, fields: ['newPassword'] };
  }
  if (newPassword.length > PASSWORD_MAX) {
    return { message: authMessages.passwordTooLong(PASSWORD_MAX), fields: ['newPassword'] };
  }
  return null;
}

interface NewPasswordFormProps {
  token: string;
  /** Leaves the emailed link for the request mode (after an invalid or expired link). */
  onRequestNewLink: () => void;
}

/** The reset mode of /reset-password: new password twice, then on to /login after 2 s. */
export function NewPasswordForm({ token, onRequestNewLink }: NewPasswordFormProps) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<PasswordProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const newPasswordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const problemId = useId();

  useEffect(() => {
    if (done === null) return;
    const timer = window.setTimeout(
      () => navigate(paths.login.getHref({ mode: 'login' })),
      REDIRECT_AFTER_RESET_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  // Server-rendered: the button waits for the app, so an early Enter cannot send the form the browser's way.
  const hydrated = useHydrated();
  const { submit, busy } = useFormSubmit({
    send: reset.mutateAsync,
    disabled: done !== null,
    check: () => {
      const found = checkNewPassword(newPassword, confirmPassword);
      setProblem(found);
      setFailure(null);
      if (found) (found.fields[0] === 'confirmPassword' ? confirmRef : newPasswordRef).current?.focus();
      return found === null;
    },
    // The toast stays on screen after the move to /login.
    successToast: (reply) => reply.message,
    onSuccess: (reply) => setDone(reply.message),
    onFailure: (error) => setFailure(errorMessage(error)),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ token, newPassword });
  }

  if (done !== null) {
    return (
      <div role="status" className="space-y-2 rounded-xl bg-green-50 px-4 py-4 text-green-900">
        <p className="font-semibold">{done}</p>
        <p>{resetMessages.takingYouToLogin}</p>
      </div>
    );
  }

  const invalid = (field: PasswordField) =>
    problem?.fields.includes(field) ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={busy} className="space-y-5">
      <InputField
        ref={newPasswordRef}
        label={resetMessages.newPassword}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        hint={loginMessages.passwordHint(PASSWORD_MIN)}
        value={newPassword}
        disabled={busy}
        onChange={(event) => {
          setNewPassword(event.target.value);
          setProblem(null);
        }}
        {...invalid('newPassword')}
      />
      <InputField
        ref={confirmRef}
        label={resetMessages.confirmPassword}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={confirmPassword}
        disabled={busy}
        onChange={(event) => {
          setConfirmPassword(event.target.value);
          setProblem(null);
        }}
        {...invalid('confirmPassword')}
      />
      {problem ? (
        <p id={problemId} role="alert" className="font-medium text-red-700">
          {problem.message}
        </p>
      ) : null}
      {failure ? (
        <div role="alert" className="space-y-2 rounded-xl bg-red-50 px-4 py-3 text-red-800">
          <p className="font-medium">{failure}</p>
          <button type="button" onClick={onRequestNewLink} className={textLinkClass(true)}>
            {resetMessages.requestNewLink}
          </button>
        </div>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated}>
        {busy ? resetMessages.resetting : resetMessages.resetButton}
      </Button>
    </form>
  );
}
