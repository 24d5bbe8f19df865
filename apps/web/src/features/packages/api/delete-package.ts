import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { packageQueryOptions } from './get-package';
import { packagesKey } from './get-packages';

interface DeletePackageResponse {
  success: true;
  message: string;
}

export function deletePackage(id: string): Promise<DeletePackageResponse> {
  return api.delete<DeletePackageResponse>(apiPaths.packages.delete(id));
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePackage,
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: packageQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: packagesKey });
    },
  });
}
