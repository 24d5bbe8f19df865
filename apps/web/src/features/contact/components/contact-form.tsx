import { authMessages, contactMessages, controlsMessages } from '@sherehe/shared/messages';
import { CONTACT_MESSAGE_MAX, type ContactBody, contactBodySchema } from '@sherehe/shared/schemas/contact';
import type { User } from '@sherehe/shared/schemas/users';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmailField, InputField, TextareaField } from '@/components/ui/form-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { displayNameOf } from '@/lib/display-name';
import { fieldsOf } from '@/lib/form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useHydrated } from '@/lib/use-hydrated';
import { zodResolver } from '@/lib/zod-resolver';
import { useSendContactMessage } from '../api/send-contact-message';

/** Why this visitor cannot send (docs/product-spec.md#validation: logged in, not an admin), or null when they can. */
export function contactBlockReason(user: User | null): 'guest' | 'admin' | null {
  if (!user) return 'guest';
  return user.role === 'admin' ? 'admin' : null;
}

/** The contact form (docs/product-spec.md#validation): prefilled from the signed-in user; guests and admins cannot send. */
export function ContactForm({ user }: { user: User | null }) {
  const send = useSendContactMessage();
  const location = useLocation();
  const noteId = useId();
  const blocked = contactBlockReason(user);
  const prefill: ContactBody = {
    name: user ? displayNameOf(user) : '',
    email: user?.email ?? '',
    message: '',
  };
  const form = useForm<ContactBody>({ resolver: zodResolver(contactBodySchema), defaultValues: prefill });
  // Server-rendered: the button waits for the app, so an early Enter cannot send the form the browser's way.
  const hydrated = useHydrated();
  const { handleSubmit, busy } = useFormSubmit({
    form,
    send: send.mutateAsync,
    disabled: blocked !== null,
    successToast: (reply) => reply.message,
    failureToast: contactMessages.sendFailed,
    onSuccess: () => form.reset(prefill),
  });

  const field = fieldsOf(form, busy);
  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={busy} aria-labelledby={`${noteId}-title`}>
      <h2 id={`${noteId}-title`} className="text-2xl font-bold">
        {contactMessages.formTitle}
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
              <TextLink
                to={paths.login.getHref({ mode: 'login', next: `${location.pathname}${location.search}` })}
                strong
              >
                {controlsMessages.logIn}
              </TextLink>
            </>
          )}
        </p>
      ) : null}
      <div className="mt-5 space-y-5">
        <InputField label={contactMessages.name} autoComplete="name" maxLength={100} {...field('name')} />
        <EmailField label={authMessages.email} {...field('email')} />
        <TextareaField
          label={contactMessages.message}
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          {...field('message')}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          disabled={busy || blocked !== null || !hydrated}
          aria-describedby={blocked ? noteId : undefined}
        >
          {busy ? contactMessages.sending : contactMessages.sendButton}
        </Button>
      </div>
    </form>
  );
}
