import { authMessages, loginMessages } from '@sherehe/shared/messages';
import { useState } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { AuthForm, type AuthMode } from '../components/auth-form';

/** Where a guard sent the user from, so login can take them back; home otherwise. */
function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === paths.login.getHref()) return paths.home.getHref();
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Sign Up unless the page was opened to log in (`{ mode: 'login' }`, e.g. after a password reset). */
function initialMode(state: unknown): AuthMode {
  return (state as { mode?: unknown } | null)?.mode === 'login' ? 'login' : 'signup';
}

export default function LoginPage() {
  const location = useLocation();
  const [mode, setMode] = useState<AuthMode>(() => initialMode(location.state));
  const { signIn } = useSession();
  const navigate = useNavigate();
  const isSignUp = mode === 'signup';
  const title = isSignUp ? authMessages.createAccountTitle : authMessages.login;

  return (
    <div className="flex flex-1 items-center justify-center bg-gradient-to-br from-brand-50 via-amber-50 to-rose-50 px-4 py-10">
      <DocumentTitle title={title} />
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-center text-3xl font-extrabold">{title}</h1>
          <p className="mt-2 mb-6 text-center text-stone-600">
            {isSignUp ? loginMessages.signUpIntro : loginMessages.loginIntro}
          </p>
          <AuthForm
            key={mode}
            mode={mode}
            onSignedIn={async (reply) => {
              await signIn(reply.token, reply.user);
              navigate(returnPath(location.state), { replace: true });
            }}
          />
          <p className="mt-6 text-center text-stone-700">
            {isSignUp ? loginMessages.haveAccount : loginMessages.noAccount}{' '}
            <button
              type="button"
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              onClick={() => setMode(isSignUp ? 'login' : 'signup')}
            >
              {isSignUp ? authMessages.login : authMessages.signUp}
            </button>
          </p>
        </div>
      </div>
    </div>
  );
}
