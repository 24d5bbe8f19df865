import { testEmailMessages } from '@sherehe/shared/messages';
import { type TestEmailBody, testEmailBodySchema } from '@sherehe/shared/schemas/accounts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/components/ui/document-title';
import { EmailField } from '@/components/ui/form-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { fieldsOf } from '@/lib/form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useHydrated } from '@/lib/use-hydrated';
import { zodResolver } from '@/lib/zod-resolver';
import { useSendTestEmail } from '../api/send-test-email';

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/**
 * docs/product-spec.md#calls-and-answers: a refusal by the server is 'Failed to send test email: ' + its message; an exception
 * (the server could not be reached) is 'Error: ' + the error's message.
 */
export function testEmailFailure(error: unknown): string {
  if (isApiError(error) && error.status > 0) return `${testEmailMessages.failedPrefix}${error.message}`;
  const message = error instanceof Error ? error.message : String(error);
  return `${testEmailMessages.errorPrefix}${message}`;
}

function CheckMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-0.5 size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

/** /test-email (docs/product-spec.md#screens-and-routes): sends the server's fixed test message to an address and says how it went. */
export default function TestEmailPage() {
  const send = useSendTestEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<TestEmailBody>({
    resolver: zodResolver(testEmailBodySchema),
    defaultValues: { email: '' },
  });
  // Server-rendered: the button waits for the app, so an early Enter cannot send the form the browser's way.
  const hydrated = useHydrated();
  const { handleSubmit, busy } = useFormSubmit({
    form,
    send: ({ email }: TestEmailBody) => send.mutateAsync(email),
    onStart: () => setOutcome(null),
    onSuccess: () => setOutcome({ ok: true, text: testEmailMessages.sent }),
    onFailure: (error) => setOutcome({ ok: false, text: testEmailFailure(error) }),
  });

  const field = fieldsOf(form, busy);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <DocumentTitle title={testEmailMessages.title} />
      <h1 className="text-3xl font-bold">{testEmailMessages.title}</h1>
      <p className="mt-2 text-stone-600">{testEmailMessages.intro}</p>
      <form
        noValidate
        onSubmit={handleSubmit}
        aria-busy={busy}
        className="mt-6 space-y-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      >
        <EmailField label={testEmailMessages.emailLabel} {...field('email')} />
        <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated}>
          {busy ? testEmailMessages.sending : testEmailMessages.button}
        </Button>
        {outcome?.ok ? (
          <p
            role="status"
            className="flex gap-2 rounded-xl border border-green-200 bg-green-50 px-4 py-3 font-medium text-green-800"
          >
            <CheckMark />
            <span>{outcome.text}</span>
          </p>
        ) : outcome ? (
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
          >
            {outcome.text}
          </p>
        ) : null}
      </form>
      <TextLink to={paths.home.getHref()} strong className="mt-6">
        {testEmailMessages.backToHome}
      </TextLink>
    </div>
  );
}
