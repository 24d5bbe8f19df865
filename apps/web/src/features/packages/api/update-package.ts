import type { PackageMessageResponse, PackageUpdateFields } from '@sherehe/shared/schemas/packages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { packageQueryOptions } from './get-package';
import { packagesKey } from './get-packages';
import { packageFormData } from './package-form-data';
import { packageApiPaths } from './package-paths';

/** Only the fields given are changed (the server keeps the others); the image is optional. */
export function updatePackage(input: {
  id: string;
  fields: PackageUpdateFields;
  image: File | null;
}): Promise<PackageMessageResponse> {
  return api.put<PackageMessageResponse>(
    packageApiPaths.update(input.id),
    packageFormData(input.fields, input.image),
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
