import { yourDataMessages as m } from '@sherehe/shared/messages/your-data';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError } from '@/lib/toast';
import { downloadMyData, saveFile } from '../api/download-my-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/** "Your data" on the own profile: a copy of everything kept about the person, or the account closed. */
export function YourDataCard() {
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      const { blob, filename } = await downloadMyData();
      saveFile(blob, filename);
    } catch (error) {
      notifyError(serverMessageOr(error, m.downloadFailed));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">{m.title}</h2>
      <p className="mt-1 text-stone-600">{m.intro}</p>
      <div className="mt-4 flex flex-col gap-3">
        <Button
          variant="secondary"
          onClick={() => void download()}
          disabled={downloading}
          aria-busy={downloading}
        >
          {downloading ? m.downloading : m.download}
        </Button>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          {m.deleteAccount}
        </Button>
      </div>
      <p className="mt-3">
        <TextLink to={paths.privacy.getHref()}>{m.howWeKeep}</TextLink>
      </p>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}
