import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function logout(): Promise<{ success: boolean }> {
  return api.post<{ success: boolean }>(apiPaths.auth.logout);
}
