import { resetMessages } from '@sherehe/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { DocumentTitle } from '@/components/ui/document-title';
import { textLinkClass } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { NewPasswordForm } from '../components/new-password-form';
import { ResetRequestForm } from '../components/reset-request-form';

export type ResetMode = 'request' | 'request-sent' | 'reset';

const TITLES: Record<ResetMode, string> = {
  request: resetMessages.requestTitle,
  'request-sent': resetMessages.checkEmail,
  reset: resetMessages.newPasswordTitle,
};

/**
 * /reset-password (docs/product-spec.md#pages): request a link, 'Check Your Email', and, when the address carries
 * the emailed `token`, the new-password form.
 */
export default function ResetPasswordPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [step, setStep] = useState<'request' | 'request-sent'>('request');
  const [sent, setSent] = useState({ email: '', message: '' });
  // Any mode → reset when a token is in the address.
  const mode: ResetMode = token ? 'reset' : step;
  const title = TITLES[mode];

  // A new mode replaces the whole card: the heading takes the focus, so it is read out.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstMode = useRef(mode);
  useEffect(() => {
    if (mode === firstMode.current) return;
    firstMode.current = mode;
    heading.current?.focus();
  }, [mode]);

  return (
    <div className="flex flex-1 items-start justify-center bg-gradient-to-br from-brand-50 via-amber-50 to-rose-50 px-4 py-10 sm:items-center">
      <DocumentTitle title={title} />
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 ref={heading} tabIndex={-1} className="mb-4 text-center text-3xl font-extrabold outline-none">
          {title}
        </h1>
        {mode === 'reset' ? (
          <NewPasswordForm
            key={token}
            token={token}
            onRequestNewLink={() => {
              setStep('request');
              setParams({}, { replace: true });
            }}
          />
        ) : mode === 'request-sent' ? (
          <div className="space-y-4 text-stone-700">
            <p>{sent.message}</p>
            <p>
              Address: <strong className="break-all text-stone-900">{sent.email}</strong>
            </p>
            <p>{resetMessages.linkNote}</p>
            <button type="button" onClick={() => setStep('request')} className={textLinkClass(true)}>
              {resetMessages.tryAgain}
            </button>
          </div>
        ) : (
          <ResetRequestForm
            defaultEmail={sent.email}
            onSent={(email, message) => {
              setSent({ email, message });
              setStep('request-sent');
            }}
          />
        )}
        <ButtonLink to={paths.login.getHref({ mode: 'login' })} variant="secondary" className="mt-6 w-full">
          {resetMessages.backToLogin}
        </ButtonLink>
      </div>
    </div>
  );
}
