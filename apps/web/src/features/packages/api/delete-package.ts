import type { SuccessMessageResponse } from '@sherehe/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { packageQueryOptions } from './get-package';
import { packagesKey } from './get-packages';
import { packageApiPaths } from './package-paths';

export function deletePackage(id: string): Promise<SuccessMessageResponse> {
  return api.delete<SuccessMessageResponse>(packageApiPaths.delete(id));
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
