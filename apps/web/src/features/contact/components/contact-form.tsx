import { contactMessages } from '@sherehe/shared/messages';
import { CONTACT_MESSAGE_MAX, type ContactBody, contactBodySchema } from '@sherehe/shared/schemas/contact';
import type { User } from '@sherehe/shared/schemas/users';
import { type FormEvent, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { InputField, TextareaField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { displayNameOf } from '@/lib/display-name';
import { notifyError, notifySuccess } from '@/lib/toast';
import { zodResolver } from '@/lib/zod-resolver';
import { useSendContactMessage } from '../api/send-contact-message';

const FIELD_NAMES = new Set<string>(['name', 'email', 'message']);

/** Why this visitor cannot send (spec §5: logged in, not an admin), or null when they can. */
export function contactBlockReason(user: User | null): 'guest' | 'admin' | null {
  if (!user) return 'guest';
  return user.role === 'admin' ? 'admin' : null;
}

/** The contact form (spec §2, §5): prefilled from the signed-in user; guests and admins cannot send. */
export function ContactForm({ user }: { user: User | null }) {
  const send = useSendContactMessage();
  const location = useLocation();
  const noteId = useId();
  const inFlight = useRef(false);
  const blocked = contactBlockReason(user);
  const prefill: ContactBody = {
    name: user ? displayNameOf(user) : '',
    email: user?.email ?? '',
    message: '',
  };
  const form = useForm<ContactBody>({ resolver: zodResolver(contactBodySchema), defaultValues: prefill });
  const { errors } = form.formState;
  const busy = send.isPending;

  async function submit(values: ContactBody) {
    if (inFlight.current || blocked) return;
    inFlight.current = true;
    try {
      const reply = await send.mutateAsync(values);
      notifySuccess(reply.message);
      form.reset(prefill);
    } catch (error) {
      notifyError(serverMessageOr(error, contactMessages.sendFailed));
      for (const issue of isApiError(error) ? error.errors : []) {
        if (FIELD_NAMES.has(issue.path))
          form.setError(issue.path as keyof ContactBody, { message: issue.message });
      }
    } finally {
      inFlight.current = false;
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (inFlight.current || blocked) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(submit)(event);
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={busy} aria-labelledby={`${noteId}-title`}>
      <h2 id={`${noteId}-title`} className="text-2xl font-bold">
        Send us a message
      </h2>
      {blocked ? (
        <p
          id={noteId}
          className="mt-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-stone-800"
        >
          {blocked === 'admin' ? (
            contactMessages.adminsRefused
          ) : (
            <>
              {contactMessages.loginRequired}{' '}
              <Link
                to={paths.login.getHref()}
                state={{ from: location }}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                Log in
              </Link>
            </>
          )}
        </p>
      ) : null}
      <div className="mt-5 space-y-5">
        <InputField
          label="Name"
          autoComplete="name"
          maxLength={100}
          error={errors.name?.message}
          disabled={busy}
          {...form.register('name')}
        />
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          disabled={busy}
          {...form.register('email')}
        />
        <TextareaField
          label="Message"
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          error={errors.message?.message}
          disabled={busy}
          {...form.register('message')}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          disabled={busy || blocked !== null}
          aria-describedby={blocked ? noteId : undefined}
        >
          {busy ? contactMessages.sending : contactMessages.sendButton}
        </Button>
      </div>
    </form>
  );
}
