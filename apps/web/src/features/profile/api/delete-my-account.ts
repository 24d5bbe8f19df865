import type { SuccessMessageResponse } from '@sherehe/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountApiPaths } from './account-paths';

export interface DeleteMyAccountBody {
  /** Asked again: a session left open on a shared phone must not be enough to close the account. */
  password: string;
}

export function deleteMyAccount(body: DeleteMyAccountBody): Promise<SuccessMessageResponse> {
  return apiRequest<SuccessMessageResponse>(accountApiPaths.me, { method: 'DELETE', body });
}

export function useDeleteMyAccount() {
  return useMutation({ mutationFn: deleteMyAccount });
}
