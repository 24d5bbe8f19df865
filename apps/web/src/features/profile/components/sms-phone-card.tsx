import { formatDate } from '@sherehe/shared/dates';
import { phoneVerificationMessages as m } from '@sherehe/shared/messages/phone-verification';
import { formatKenyanPhone, normaliseKenyanPhone } from '@sherehe/shared/phone';
import type { SmsPhoneState } from '@sherehe/shared/schemas/phone-verification';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormProblem, InputField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import {
  removeSmsPhone,
  sendPhoneCode,
  smsPhoneQueryOptions,
  useSmsPhone,
  verifyPhoneCode,
} from '../api/sms-phone';

type Problem = { field: 'phone' | 'code' | undefined; message: string } | undefined;

/** The refusal of a call: under its field when the server named one, else for the whole form. */
function problemOf(error: unknown): Problem {
  if (!isApiError(error)) return { field: undefined, message: m.failed };
  const issue = error.errors.find((e) => e.path === 'phone' || e.path === 'code');
  if (issue) return { field: issue.path as 'phone' | 'code', message: issue.message };
  return { field: undefined, message: error.serverMessage || m.failed };
}

/**
 * "Phone for SMS" on the own profile: a number, a code sent to it by SMS, the code given back; then
 * the verified number, which SMS notices go to and which can be removed. What happens is read out.
 */
export function SmsPhoneCard() {
  const { user, setUser } = useSession();
  const queryClient = useQueryClient();
  const state = useSmsPhone();
  const [step, setStep] = useState<'number' | 'code'>('number');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem>();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<'send' | 'verify' | 'remove' | undefined>();

  const current: SmsPhoneState = state.data ?? {
    phone: user?.smsPhone ?? null,
    verifiedAt: user?.smsPhoneVerifiedAt ?? null,
    stopped: false,
  };

  function settle(next: SmsPhoneState, message: string) {
    queryClient.setQueryData(smsPhoneQueryOptions().queryKey, { success: true as const, smsPhone: next });
    if (user) setUser({ ...user, smsPhone: next.phone, smsPhoneVerifiedAt: next.verifiedAt });
    setStatus(message);
  }

  async function run(kind: 'send' | 'verify' | 'remove', call: () => Promise<void>) {
    if (busy) return;
    setBusy(kind);
    setProblem(undefined);
    setStatus('');
    try {
      await call();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(undefined);
    }
  }

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phone.trim() === '') return setProblem({ field: 'phone', message: m.phoneRequired });
    const normalised = normaliseKenyanPhone(phone);
    if (!normalised) return setProblem({ field: 'phone', message: m.phoneInvalid });
    void run('send', async () => {
      const reply = await sendPhoneCode(normalised);
      setCode('');
      setStep('code');
      setStatus(reply.message || m.codeSent);
    });
  }

  function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const digits = code.trim();
    if (!/^\d{6}$/.test(digits)) return setProblem({ field: 'code', message: m.codeInvalid });
    void run('verify', async () => {
      const reply = await verifyPhoneCode(digits);
      setStep('number');
      setPhone('');
      setCode('');
      settle(reply.smsPhone, reply.message || m.verified);
    });
  }

  function remove() {
    void run('remove', async () => {
      const reply = await removeSmsPhone();
      settle(reply.smsPhone, reply.message || m.removed);
    });
  }

  const fieldError = (field: 'phone' | 'code') => (problem?.field === field ? problem.message : undefined);

  return (
    <Card>
      <section aria-labelledby="sms-phone-title">
        <h2 id="sms-phone-title" className="text-lg font-semibold">
          {m.title}
        </h2>
        <p className="mt-1 text-stone-600">{m.intro}</p>
        {current.phone ? (
          <div className="mt-4 rounded-xl border border-stone-300 p-3">
            <p className="text-sm text-stone-600">{m.verifiedNumber}</p>
            <p className="font-medium text-stone-900" data-testid="sms-phone-verified">
              {formatKenyanPhone(current.phone)}
            </p>
            {current.verifiedAt ? (
              <p className="text-sm text-stone-600">{m.verifiedSince(formatDate(current.verifiedAt))}</p>
            ) : null}
            {current.stopped ? <p className="mt-2 text-sm font-medium text-amber-800">{m.stopped}</p> : null}
            <Button
              variant="secondary"
              className="mt-3"
              onClick={remove}
              disabled={busy !== undefined}
              aria-busy={busy === 'remove'}
            >
              {busy === 'remove' ? m.removing : m.remove}
            </Button>
          </div>
        ) : null}
        {step === 'number' ? (
          <form className="mt-4 space-y-3" onSubmit={send} noValidate>
            <InputField
              label={m.phoneLabel}
              hint={m.phoneHint}
              name="sms-phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={40}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              error={fieldError('phone')}
            />
            <Button type="submit" disabled={busy !== undefined} aria-busy={busy === 'send'}>
              {busy === 'send' ? m.sendingCode : m.sendCode}
            </Button>
          </form>
        ) : (
          <form className="mt-4 space-y-3" onSubmit={verify} noValidate>
            <InputField
              label={m.codeLabel}
              hint={m.codeHint}
              name="sms-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={fieldError('code')}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={busy !== undefined} aria-busy={busy === 'verify'}>
                {busy === 'verify' ? m.verifying : m.verify}
              </Button>
              <Button
                variant="secondary"
                disabled={busy !== undefined}
                onClick={() => {
                  setStep('number');
                  setProblem(undefined);
                  setStatus('');
                }}
              >
                {m.otherNumber}
              </Button>
            </div>
          </form>
        )}
        <div className="mt-3">
          <FormProblem message={problem && !problem.field ? problem.message : undefined} />
          {/* Field errors are shown under their field; here they are read out as they come. */}
          {problem?.field ? (
            <p className="sr-only" role="alert">
              {problem.message}
            </p>
          ) : null}
          <p role="status" className="text-sm font-medium text-green-800">
            {status}
          </p>
        </div>
      </section>
    </Card>
  );
}
