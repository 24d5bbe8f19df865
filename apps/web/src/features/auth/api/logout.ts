import type { SuccessResponse } from '@sherehe/shared/schemas/common';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function logout(): Promise<SuccessResponse> {
  return api.post<SuccessResponse>(apiPaths.auth.logout);
}
