import type { AuthResponse, LoginBody } from '@sherehe/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** The server answers errors with a status, but the spec also reads `success: false` bodies. */
export type AuthResult = AuthResponse | { success: false; message?: string };

export function login(body: LoginBody): Promise<AuthResult> {
  return api.post<AuthResult>(apiPaths.auth.login, body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
