import { authMessages, resetMessages } from '@sherehe/shared/messages';
import { emailSchema } from '@sherehe/shared/schemas/common';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { EmailField, FormProblem } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { fieldsOf } from '@/lib/form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useHydrated } from '@/lib/use-hydrated';
import { zodResolver } from '@/lib/zod-resolver';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** An empty address gets its own text, a malformed one the contract's (docs/product-spec.md#validation). */
const requestFormSchema = z.object({
  email: z.string().trim().min(1, resetMessages.enterEmail).pipe(emailSchema),
});
type RequestForm = z.infer<typeof requestFormSchema>;

interface ResetRequestFormProps {
  defaultEmail: string;
  /** The request went through: the address and the server's answer. */
  onSent: (email: string, message: string) => void;
}

/** The request mode of /reset-password: one address, 'Send Reset Link'. */
export function ResetRequestForm({ defaultEmail, onSent }: ResetRequestFormProps) {
  const request = useRequestPasswordReset();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RequestForm>({
    resolver: zodResolver(requestFormSchema),
    defaultValues: { email: defaultEmail },
  });
  // Server-rendered: the button waits for the app, so an early Enter cannot send the form the browser's way.
  const hydrated = useHydrated();
  const { handleSubmit, busy } = useFormSubmit({
    form,
    send: ({ email }: RequestForm) => request.mutateAsync(email),
    onStart: () => setFailure(null),
    onSuccess: (reply, { email }) => onSent(email, reply.message),
    onFailure: (error) => setFailure(errorMessage(error)),
  });

  const field = fieldsOf(form, busy);
  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={busy} className="space-y-5">
      <p className="text-stone-700">{resetMessages.requestIntro}</p>
      <EmailField label={authMessages.email} {...field('email')} />
      <FormProblem message={failure} />
      <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated}>
        {busy ? resetMessages.sending : resetMessages.sendLink}
      </Button>
    </form>
  );
}
