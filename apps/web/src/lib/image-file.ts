import { imagesMessages } from '@sherehe/shared/messages';
import { useEffect, useState } from 'react';

/** The server's upload limit (5 MB, docs/product-spec.md#validation); larger files are refused before they are sent. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Why a chosen file cannot be uploaded as an image, or null when it may be. The server judges
 * the bytes again; this only spares a slow connection a doomed upload.
 */
export function imageFileProblem(file: File | null | undefined): string | null {
  if (!file) return imagesMessages.selectFirst;
  if (!file.type.startsWith('image/')) return imagesMessages.notImage;
  if (file.size > IMAGE_MAX_BYTES) return imagesMessages.tooLarge;
  return null;
}

/** A temporary URL showing a chosen file, revoked when the file changes or the component goes. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
