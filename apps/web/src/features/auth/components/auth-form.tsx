import { authMessages, genericMessages } from '@sherehe/shared/messages';
import { ROLE_LABELS, SIGNUP_ROLES } from '@sherehe/shared/roles';
import {
  type AuthResponse,
  type LoginBody,
  loginBodySchema,
  type RegisterBody,
  registerBodySchema,
} from '@sherehe/shared/schemas/auth';
import { type FormEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { InputField, SelectField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { notifyLoading, settleToast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import { zodResolver } from '@/lib/zod-resolver';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';

export type AuthMode = 'signup' | 'login';

const ROLE_OPTIONS = SIGNUP_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const FIELD_NAMES = new Set<string>(['username', 'email', 'password', 'role']);

interface AuthFormProps {
  mode: AuthMode;
  onSignedIn: (reply: AuthResponse) => Promise<void>;
}

/** Sign-up and login (spec §2, §4, §8): one request at a time, fields locked while it runs. */
export function AuthForm({ mode, onSignedIn }: AuthFormProps) {
  const isSignUp = mode === 'signup';
  const registerMutation = useRegister();
  const loginMutation = useLogin();
  const [submitting, setSubmitting] = useState(false);
  const hydrated = useHydrated();
  // State lands a render late; the ref refuses a second submit straight away.
  const inFlight = useRef(false);

  // The login schema ignores the sign-up-only fields; the form is remounted when the mode changes.
  const form = useForm<RegisterBody, unknown, RegisterBody | LoginBody>({
    resolver: zodResolver<RegisterBody, RegisterBody | LoginBody>(
      isSignUp ? registerBodySchema : loginBodySchema,
    ),
    defaultValues: { username: '', email: '', password: '', role: 'client' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  async function send(values: RegisterBody | LoginBody) {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    const toastId = notifyLoading(isSignUp ? authMessages.creatingAccount : authMessages.loggingIn);
    try {
      const reply = isSignUp
        ? await registerMutation.mutateAsync(values as RegisterBody)
        : await loginMutation.mutateAsync({ email: values.email, password: values.password });
      settleToast(toastId, 'success', reply.message);
      await onSignedIn(reply);
      return;
    } catch (error) {
      settleToast(toastId, 'error', errorMessage(error, genericMessages.server));
      // The server's per-field messages (400) also go next to their fields.
      for (const issue of isApiError(error) ? error.errors : []) {
        if (FIELD_NAMES.has(issue.path))
          form.setError(issue.path as keyof RegisterBody, { message: issue.message });
      }
    }
    inFlight.current = false;
    setSubmitting(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(send)(event);
  }

  const submitLabel = isSignUp
    ? submitting
      ? authMessages.creating
      : authMessages.signUp
    : submitting
      ? authMessages.loggingIn
      : authMessages.login;

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={submitting}>
      <div className="space-y-5">
        {isSignUp ? (
          <>
            <InputField
              label="Full Name"
              autoComplete="name"
              error={errors.username?.message}
              disabled={submitting}
              {...form.register('username')}
            />
            <SelectField
              label="Role"
              options={ROLE_OPTIONS}
              error={errors.role?.message}
              disabled={submitting}
              {...form.register('role')}
            />
          </>
        ) : null}
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          disabled={submitting}
          {...form.register('email')}
        />
        <InputField
          label="Password"
          type="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          hint={isSignUp ? 'At least 8 characters.' : undefined}
          error={errors.password?.message}
          disabled={submitting}
          {...form.register('password')}
        />
        <p>
          <Link
            to={paths.resetPassword.getHref()}
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
          >
            {authMessages.forgotPassword}
          </Link>
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={submitting || !hydrated}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
