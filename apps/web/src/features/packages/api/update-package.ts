import type { PackageMessageResponse, PackageUpdateFields } from '@sherehe/shared/schemas/packages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { packageQueryOptions } from './get-package';
import { packagesKey } from './get-packages';
import { packageFormData } from './package-form-data';
import { packageApiPaths } from './package-paths';

/** What an edit does to the photos already saved: ids to remove, and ids to put first in order. */
export interface PhotoEdits {
  remove?: string[];
  order?: string[];
}

/** Only the fields given are changed (the server keeps the others); the image is optional. */
export function updatePackage(input: {
  id: string;
  fields: Omit<PackageUpdateFields, 'removeImages' | 'imageOrder'>;
  image: File | null;
  photos?: PhotoEdits;
}): Promise<PackageMessageResponse> {
  return api.put<PackageMessageResponse>(
    packageApiPaths.update(input.id),
    packageFormData(
      {
        ...input.fields,
        removeImages: input.photos?.remove?.join(','),
        imageOrder: input.photos?.order?.join(','),
      },
      input.image,
    ),
  );
}

export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePackage,
    onSuccess: (reply) => {
      queryClient.setQueryData(packageQueryOptions(reply.data._id).queryKey, {
        success: true,
        data: reply.data,
      });
      return queryClient.invalidateQueries({ queryKey: packagesKey });
    },
  });
}
