import { authMessages, genericMessages, loginMessages } from '@sherehe/shared/messages';
import { SIGNUP_ROLES } from '@sherehe/shared/roles';
import {
  type AuthResponse,
  type LoginBody,
  loginBodySchema,
  PASSWORD_MIN,
  type RegisterBody,
  registerBodySchema,
} from '@sherehe/shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmailField, InputField, SelectField } from '@/components/ui/form-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { fieldsOf } from '@/lib/form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useHydrated } from '@/lib/use-hydrated';
import { zodResolver } from '@/lib/zod-resolver';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';

export type AuthMode = 'signup' | 'login';

const ROLE_OPTIONS = SIGNUP_ROLES.map((role) => ({ value: role, label: authMessages.roleLabels[role] }));

interface AuthFormProps {
  mode: AuthMode;
  onSignedIn: (reply: AuthResponse) => Promise<void>;
}

/** Sign-up and login (docs/product-spec.md#session-and-sign-in): one request at a time, fields locked while it runs. */
export function AuthForm({ mode, onSignedIn }: AuthFormProps) {
  const isSignUp = mode === 'signup';
  const registerMutation = useRegister();
  const loginMutation = useLogin();
  const hydrated = useHydrated();
  // A login refusal is said once, in place under the form, and replaced by the next one: ten
  // wrong passwords never stack ten toasts over the form.
  const [refusal, setRefusal] = useState<string | null>(null);

  // The login schema ignores the sign-up-only fields; the form is remounted when the mode changes.
  const form = useForm<RegisterBody, unknown, RegisterBody | LoginBody>({
    resolver: zodResolver<RegisterBody, RegisterBody | LoginBody>(
      isSignUp ? registerBodySchema : loginBodySchema,
    ),
    defaultValues: { username: '', email: '', password: '', role: 'client' },
    mode: 'onTouched',
  });
  const { handleSubmit, busy: submitting } = useFormSubmit({
    form,
    send: (values: RegisterBody | LoginBody) =>
      isSignUp
        ? registerMutation.mutateAsync(values as RegisterBody)
        : loginMutation.mutateAsync({ email: values.email, password: values.password }),
    // Logging in: the button says "Logging in..." while it runs, and a refusal shows in the form.
    pendingToast: isSignUp ? authMessages.creatingAccount : undefined,
    successToast: (reply) => reply.message,
    // Signing up, the toast gives the server's message; its per-field messages (400) also go next
    // to the fields.
    failureToast: isSignUp ? (error) => errorMessage(error, genericMessages.server) : undefined,
    onStart: () => setRefusal(null),
    onFailure: (error) => {
      if (!isSignUp) setRefusal(errorMessage(error, genericMessages.server));
    },
    onSuccess: onSignedIn,
    // The page moves on once signed in.
    staysBusyAfterSuccess: true,
  });

  const submitLabel = isSignUp
    ? submitting
      ? authMessages.creating
      : authMessages.signUp
    : submitting
      ? authMessages.loggingIn
      : authMessages.login;

  const field = fieldsOf(form, submitting);
  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={submitting}>
      <div className="space-y-5">
        {isSignUp ? (
          <>
            <InputField label={loginMessages.fullName} autoComplete="name" {...field('username')} />
            <SelectField label={authMessages.role} options={ROLE_OPTIONS} {...field('role')} />
          </>
        ) : null}
        <EmailField label={authMessages.email} {...field('email')} />
        <InputField
          label={loginMessages.password}
          type="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          hint={isSignUp ? loginMessages.passwordHint(PASSWORD_MIN) : undefined}
          {...field('password')}
        />
        <p>
          <TextLink to={paths.resetPassword.getHref()}>{authMessages.forgotPassword}</TextLink>
        </p>
        {isSignUp ? (
          <p className="text-sm text-stone-700">
            {loginMessages.acceptTerms(
              <Link key="terms" to={paths.terms.getHref()} className="font-medium text-brand-700 underline">
                {loginMessages.termsLink}
              </Link>,
              <Link
                key="privacy"
                to={paths.privacy.getHref()}
                className="font-medium text-brand-700 underline"
              >
                {loginMessages.privacyLink}
              </Link>,
            )}
          </p>
        ) : null}
        {refusal ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
            {refusal}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={submitting || !hydrated}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
