import { LANG_COOKIE, type Lang } from '@sherehe/shared/i18n';
import { authMessages, bookingsMessages, loginMessages } from '@sherehe/shared/messages';
import type { User } from '@sherehe/shared/schemas/users';
import { useEffect, useState } from 'react';
import { Link, type Location, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { Logo } from '@/components/ui/logo';
import { textLinkClass } from '@/components/ui/text-link';
import { currentPathIn, LANG, rememberLang } from '@/config/lang';
import { paths } from '@/config/paths';
import { storeToken } from '@/lib/auth-token';
import { useSession } from '@/lib/session';
import { AuthForm, type AuthMode } from '../components/auth-form';

const ORIGIN = 'https://sherehe.invalid';

/** A path of this site (never another site's address, nor the login page itself); null otherwise. */
function sameSitePath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname === paths.login.getHref()) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page the person was on when they chose to log in (the top bar's Login passes it). */
function cameFrom(state: unknown): string | null {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  return from?.pathname ? sameSitePath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`) : null;
}

/**
 * Where a signed-in person goes: where they were headed (`next`: a guarded page, a package's Book
 * Now) whoever they are; else planners and admins to their dashboard, clients back to the page they
 * came from, or home.
 */
function destinationOf(user: User, next: string | null, state: unknown): string {
  if (next) return next;
  if (user.role !== 'client') return paths.dashboard.root.getHref();
  return cameFrom(state) ?? paths.home.getHref();
}

/** The language cookie's value, if this browser chose one. */
function chosenLang(): Lang | undefined {
  const value = new RegExp(`(?:^|; )${LANG_COOKIE}=(en|sw)(?:;|$)`).exec(document.cookie)?.[1];
  return value === 'en' || value === 'sw' ? value : undefined;
}

/**
 * The language a person sees once signed in (docs/languages.md, Languages). The page's own
 * language wins, and this browser keeps it in the `lang` cookie (which the API's messages follow
 * too): a sign-in on `/sw/login` stays in Kiswahili whatever the profile says. Only on the English
 * page of a browser that never chose a language does the profile's `locale` win, so their language
 * follows them to a new device. Returns that other language, to reload in, or null to stay.
 */
function languageAfterSignIn(locale: Lang): Lang | null {
  const chosen = chosenLang();
  if (LANG === 'en' && chosen === undefined) {
    if (locale === LANG) return null;
    rememberLang(locale);
    return locale;
  }
  if (chosen !== LANG) rememberLang(LANG);
  return null;
}

/**
 * Sign Up (the specification's default: Get Started, Sign Up Free) unless the page was opened to
 * log in with `?mode=login` (the top bar's Login, a guarded page, Book Now, a password reset).
 */
function initialMode(query: URLSearchParams): AuthMode {
  return query.get('mode') === 'login' ? 'login' : 'signup';
}

export default function LoginPage() {
  const location = useLocation();
  const [query] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(() => initialMode(query));
  const { signIn, isChecking, isLoggedIn, user } = useSession();
  const navigate = useNavigate();
  const [signingIn, setSigningIn] = useState(false);
  const next = sameSitePath(query.get('next'));
  const isSignUp = mode === 'signup';
  const title = isSignUp ? authMessages.createAccountTitle : authMessages.login;
  const signedInElsewhere = !isChecking && isLoggedIn && user !== null && !signingIn;
  const destination = user ? destinationOf(user, next, location.state) : null;

  // Someone already signed in has nothing to do here: on to where they were headed.
  useEffect(() => {
    if (signedInElsewhere && destination) navigate(destination, { replace: true });
  }, [signedInElsewhere, destination, navigate]);

  if (signedInElsewhere && destination) {
    return (
      <div className="flex flex-1 items-center justify-center px-4 py-10">
        <p className="text-stone-700">
          <Link to={destination} replace className="font-semibold text-brand-700 underline">
            {loginMessages.signedInContinue}
          </Link>
        </p>
      </div>
    );
  }

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
          {next ? (
            <p className="-mt-2 mb-6 rounded-lg bg-brand-50 p-3 text-center text-stone-800">
              {/* On the way to book a package (Book Now): the specification's words for it. */}
              {new URL(next, ORIGIN).searchParams.get('book') === '1'
                ? bookingsMessages.loginToBook
                : loginMessages.continueNote}
            </p>
          ) : null}
          <AuthForm
            key={mode}
            mode={mode}
            onSignedIn={async (reply) => {
              // The page does not send them on by itself meanwhile: this does, once.
              setSigningIn(true);
              const target = destinationOf(reply.user, next, location.state);
              const other = languageAfterSignIn(reply.user.locale);
              if (other) {
                // The page they were headed for, in their profile's language (a reload: another build).
                storeToken(reply.token);
                window.location.assign(currentPathIn(other, { pathname: target, search: '', hash: '' }));
                return;
              }
              await signIn(reply.token, reply.user);
              navigate(target, { replace: true });
            }}
          />
          <p className="mt-6 text-center text-stone-700">
            {isSignUp ? loginMessages.haveAccount : loginMessages.noAccount}{' '}
            <button
              type="button"
              className={textLinkClass(true)}
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
