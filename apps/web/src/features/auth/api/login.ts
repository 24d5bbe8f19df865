import type { AuthResponse, LoginBody } from '@sherehe/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authApiPaths } from './auth-paths';

/** A refusal (wrong password, too many tries) rejects with the api client's ApiError. */
export function login(body: LoginBody): Promise<AuthResponse> {
  return api.post<AuthResponse>(authApiPaths.login, body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
