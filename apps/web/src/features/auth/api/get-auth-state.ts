import type { IsAuthResponse } from '@sherehe/shared/schemas/auth';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function getAuthState(signal?: AbortSignal): Promise<IsAuthResponse> {
  return api.get<IsAuthResponse>(apiPaths.auth.isAuth, signal);
}
