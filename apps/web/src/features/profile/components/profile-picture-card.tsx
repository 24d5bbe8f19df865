import { imagesMessages, profileMessages } from '@sherehe/shared/messages';
import type { User } from '@sherehe/shared/schemas/users';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { imageFileProblem, useObjectUrl } from '@/lib/image-file';
import { useSession } from '@/lib/session';
import { notifyError } from '@/lib/toast';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useUploadProfilePicture } from '../api/upload-profile-picture';

/** The picture, a file chooser, and Upload Picture once a file is chosen (docs/product-spec.md#pages). */
export function ProfilePictureCard({ user, displayName }: { user: User; displayName: string }) {
  const { setUser } = useSession();
  const upload = useUploadProfilePicture();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const inputId = useId();

  function clearChoice() {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) {
      setFile(null);
      setProblem(null);
      return;
    }
    const reason = imageFileProblem(chosen);
    setProblem(reason);
    if (reason) {
      notifyError(reason);
      clearChoice();
      return;
    }
    setFile(chosen);
  }

  const { submit, busy } = useFormSubmit({
    send: upload.mutateAsync,
    check: (chosen: File) => {
      const reason = imageFileProblem(chosen);
      if (reason) {
        setProblem(reason);
        notifyError(reason);
      }
      return reason === null;
    },
    successToast: (reply) => reply.message,
    failureToast: imagesMessages.uploadFailed,
    onSuccess: (reply) => {
      clearChoice();
      setProblem(null);
      setUser(reply.user);
    },
  });

  return (
    <Card className="flex flex-col items-center text-center">
      <h2 className="sr-only">{profileMessages.picture}</h2>
      <Avatar
        src={preview ?? user.profilePictureThumb ?? user.profilePicture}
        name={displayName}
        size={128}
        alt={
          preview ? profileMessages.newPictureAlt : user.profilePicture ? profileMessages.yourPictureAlt : ''
        }
        eager
      />
      <p className="mt-4 text-xl font-semibold text-stone-900">{displayName}</p>
      <p className="break-all text-stone-600">{user.email}</p>
      <div className="mt-5 w-full space-y-1.5 text-left">
        <label htmlFor={inputId} className="block font-medium text-stone-800">
          {profileMessages.chooseNewPicture}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          onChange={choose}
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : `${inputId}-hint`}
          className="block min-h-11 w-full rounded-xl border border-stone-400 bg-white px-3 py-2 text-base file:mr-3 file:min-h-9 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800"
        />
        {problem ? (
          <p id={`${inputId}-error`} className="text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : (
          <p id={`${inputId}-hint`} className="text-sm text-stone-600">
            {profileMessages.pictureHint}
          </p>
        )}
      </div>
      {file ? (
        <Button className="mt-4 w-full" onClick={() => void submit(file)} disabled={busy}>
          {busy ? profileMessages.uploading : profileMessages.uploadPicture}
        </Button>
      ) : null}
    </Card>
  );
}
