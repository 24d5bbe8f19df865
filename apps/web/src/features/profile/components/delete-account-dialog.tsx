import { controlsMessages } from '@sherehe/shared/messages';
import { yourDataMessages as m } from '@sherehe/shared/messages/your-data';
import { type FormEvent, startTransition, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { clearStoredToken } from '@/lib/auth-token';
import { useSession } from '@/lib/session';
import { emitSessionEnd } from '@/lib/session-events';
import { notifySuccess } from '@/lib/toast';
import { useDeleteMyAccount } from '../api/delete-my-account';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The refusal to show under the password: the server's word on that field, else its message. */
function refusalOf(error: unknown): string {
  if (!isApiError(error)) return m.deleteFailed;
  return (
    error.errors.find((issue) => issue.path === 'password')?.message ?? error.serverMessage ?? m.deleteFailed
  );
}

/**
 * Asks before closing the account: what happens to the data, then the password again. Once the
 * server has deleted it, the person is signed out here and lands on the home page.
 */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const { setUser, setIsLoggedIn } = useSession();
  const navigate = useNavigate();
  const deleteAccount = useDeleteMyAccount();
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>();
  const sending = useRef(false);
  const busy = deleteAccount.isPending || deleteAccount.isSuccess;

  function close() {
    if (busy) return;
    setPassword('');
    setRefusal(undefined);
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    if (!password) {
      setRefusal(m.passwordRequired);
      return;
    }
    sending.current = true;
    setRefusal(undefined);
    let farewell: string;
    try {
      farewell = (await deleteAccount.mutateAsync({ password })).message || m.deleted;
    } catch (error) {
      setRefusal(refusalOf(error));
      return;
    } finally {
      sending.current = false;
    }
    // The server has ended every session of the account and cleared the cookie: what is left is
    // this page's side of a logout. Home and signed out in one transition, so the guarded profile
    // never renders signed out (which would send the visitor to /login).
    clearStoredToken();
    startTransition(() => {
      navigate(paths.home.getHref());
      setUser(null);
      setIsLoggedIn(false);
    });
    emitSessionEnd();
    notifySuccess(farewell);
  }

  return (
    <Modal open={open} onClose={close} title={m.deleteTitle}>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <p className="text-stone-700">{m.deleteWhat}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
          {m.deleteConsequences.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="mt-3 rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">{m.deleteUndone}</p>
        <div className="mt-5">
          <InputField
            label={m.password}
            type="password"
            autoComplete="current-password"
            hint={m.passwordHint}
            error={refusal}
            disabled={busy}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close} disabled={busy}>
            {controlsMessages.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? m.deleting : m.confirmDelete}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
