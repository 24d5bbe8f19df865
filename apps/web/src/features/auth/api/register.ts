import type { AuthResponse, RegisterBody } from '@sherehe/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function register(body: RegisterBody): Promise<AuthResponse> {
  return api.post<AuthResponse>(apiPaths.auth.register, body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
