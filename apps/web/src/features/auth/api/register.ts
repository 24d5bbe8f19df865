import type { AuthResponse, RegisterBody } from '@sherehe/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authApiPaths } from './auth-paths';

export function register(body: RegisterBody): Promise<AuthResponse> {
  return api.post<AuthResponse>(authApiPaths.register, body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
