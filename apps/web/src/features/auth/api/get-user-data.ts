import type { UserDataResponse } from '@sherehe/shared/schemas/users';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function getUserData(signal?: AbortSignal): Promise<UserDataResponse> {
  return api.get<UserDataResponse>(apiPaths.user.data, signal);
}
