import type { PackageFields, PackageMessageResponse } from '@sherehe/shared/schemas/packages';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
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
  return useRefreshingMutation(createPackage, [packagesKey]);
}
