import type { PackageMessageResponse } from '@sherehe/shared/schemas/packages';
import { api } from '@/lib/api-client';
import { packageApiPaths } from './package-paths';

/** One more photo of a package, after the others: one request a photo, kind to a slow connection. */
export function addPackagePhoto(input: { id: string; photo: File }): Promise<PackageMessageResponse> {
  const body = new FormData();
  body.append('image', input.photo, input.photo.name);
  return api.post<PackageMessageResponse>(packageApiPaths.photos(input.id), body);
}
