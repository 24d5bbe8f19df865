import type { PackageFields, PackageMessageResponse } from '@sherehe/shared/schemas/packages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { packagesKey } from './get-packages';
import { packageFormData } from './package-form-data';
import { packageApiPaths } from './package-paths';

export function createPackage(input: {
  fields: PackageFields;
  image: File;
}): Promise<PackageMessageResponse> {
  return api.post<PackageMessageResponse>(packageApiPaths.create, packageFormData(input.fields, input.image));
}

export function useCreatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagesKey }),
  });
}
