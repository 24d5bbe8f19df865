import { packagePhotosMessages } from '@sherehe/shared/messages';
import type { Package, PackageFields, PackageMessageResponse } from '@sherehe/shared/schemas/packages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError } from '@/lib/toast';
import { addPackagePhoto } from '../api/add-package-photo';
import { createPackage } from '../api/create-package';
import { packageQueryOptions } from '../api/get-package';
import { packagesKey } from '../api/get-packages';
import { updatePackage } from '../api/update-package';

/** A photo in the form: one the package has, or a file chosen to add. */
export type PhotoItem = { kind: 'saved'; id: string; url: string } | { kind: 'new'; key: string; file: File };

/** The package's photos as the form starts from them, the cover first. */
export function savedPhotos(pkg: Package | undefined): PhotoItem[] {
  if (!pkg) return [];
  const images = pkg.images ?? [];
  return images.map((image) => ({ kind: 'saved', id: image._id, url: image.thumbnailUrl ?? image.url }));
}

function sameOrder(a: string[], b: string[]) {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/**
 * Saves the package and its photos: the fields (with the photos removed and the order of those
 * kept) in one request, then each new photo in a request of its own, so a slow connection sends
 * one at a time and says how far it got; then the order, when new photos are not last.
 */
export function useSavePackage(pkg: Package | undefined) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ current: number; total: number } | null>(null);

  /** Sends each new photo on its own; a photo that does not go is said, and the others still go. */
  async function upload(
    id: string,
    items: PhotoItem[],
    ids: Map<PhotoItem, string>,
    last: PackageMessageResponse,
  ) {
    let reply = last;
    for (const [index, item] of items.entries()) {
      if (item.kind !== 'new') continue;
      setProgress({ current: index + 1, total: items.length });
      try {
        reply = { ...(await addPackagePhoto({ id, photo: item.file })), message: reply.message };
        const added = reply.data.images?.at(-1)?._id;
        if (added) ids.set(item, added);
      } catch {
        notifyError(packagePhotosMessages.uploadFailed(item.file.name));
      }
    }
    setProgress(null);
    return reply;
  }

  async function save(fields: PackageFields, photos: PhotoItem[]): Promise<PackageMessageResponse> {
    const ids = new Map<PhotoItem, string>();
    for (const photo of photos) if (photo.kind === 'saved') ids.set(photo, photo.id);
    const fresh = photos.filter((photo) => photo.kind === 'new');
    const [firstNew] = fresh;
    const kept = photos.flatMap((photo) => (photo.kind === 'saved' ? [photo.id] : []));
    let reply: PackageMessageResponse;
    let uploads = fresh;
    if (!pkg) {
      // The first photo is the cover, sent with the package; the others follow one by one.
      reply = await createPackage({ fields, image: (firstNew as { file: File }).file });
      const coverId = reply.data.images?.[0]?._id;
      if (firstNew && coverId) ids.set(firstNew, coverId);
      uploads = fresh.slice(1);
    } else {
      const before = savedPhotos(pkg).flatMap((photo) => (photo.kind === 'saved' ? [photo.id] : []));
      const remove = before.filter((id) => !kept.includes(id));
      // Every saved photo removed: the first new one takes the old cover's place (a package keeps
      // a photo at all times), and the others are added after it.
      const replacesCover = kept.length === 0 && firstNew?.kind === 'new' && before.length > 0;
      reply = await updatePackage({
        id: pkg._id,
        fields,
        image: replacesCover ? firstNew.file : null,
        photos: {
          remove: replacesCover ? remove.slice(1) : remove,
          ...(!sameOrder(
            kept,
            before.filter((id) => kept.includes(id)),
          ) && { order: kept }),
        },
      });
      if (replacesCover && before[0]) {
        ids.set(firstNew, before[0]);
        uploads = fresh.slice(1);
      }
    }
    const id = reply.data._id;
    reply = await upload(id, uploads, ids, reply);
    // New photos were added last: put them where the planner placed them.
    const wanted = photos.flatMap((photo) => {
      const photoId = ids.get(photo);
      return photoId ? [photoId] : [];
    });
    const now = (reply.data.images ?? []).map((image) => image._id);
    // Without new photos the first request already put them in order.
    if (
      fresh.length > 0 &&
      !sameOrder(
        wanted,
        now.filter((photoId) => wanted.includes(photoId)),
      )
    ) {
      const reordered = await updatePackage({ id, fields: {}, image: null, photos: { order: wanted } });
      reply = { ...reordered, message: reply.message };
    }
    queryClient.setQueryData(packageQueryOptions(id).queryKey, { success: true, data: reply.data });
    await queryClient.invalidateQueries({ queryKey: packagesKey });
    return reply;
  }

  return { save, progress };
}
