import { genericMessages } from '@sherehe/shared/messages';
import { LANG } from '@/config/lang';
import { API_BASE_URL } from '@/config/paths';
import { ApiError, toApiError } from '@/lib/api-client';
import { getStoredToken } from '@/lib/auth-token';
import { accountApiPaths } from './account-paths';

/** The name the file gets when the server names none. */
const FALLBACK_NAME = 'sherehe-data.json';

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, if any. */
function attachmentName(disposition: string | null): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/**
 * Everything the API keeps about the signed-in user, as the JSON file it sends, with the name it
 * gives it. Sent with the credentials and language of every call; kept out of the api client, which
 * the home page loads. Rejects with an ApiError as the client does.
 */
export async function downloadMyData(): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { 'Accept-Language': LANG };
  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}${accountApiPaths.export}`, { headers, credentials: 'include' });
  } catch {
    throw new ApiError({ status: 0, message: genericMessages.network, code: 'NETWORK' });
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  return {
    blob: await response.blob(),
    filename: attachmentName(response.headers.get('content-disposition')) ?? FALLBACK_NAME,
  };
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
