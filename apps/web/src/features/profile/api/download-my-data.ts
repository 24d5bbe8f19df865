import { apiPaths } from '@/config/paths';
import { apiDownload } from '@/lib/api-client';

/** The name the file gets when the server names none. */
const FALLBACK_NAME = 'sherehe-data.json';

/** Everything the API keeps about the signed-in user, as the JSON file it sends. */
export async function downloadMyData(): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await apiDownload(apiPaths.user.export);
  return { blob, filename: filename ?? FALLBACK_NAME };
}

/** Hands a file to the browser's downloads, under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const address = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = address;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the address only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(address), 60_000);
}
