import type { RegisterBody } from '@sherehe/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { AuthResult } from './login';

export function register(body: RegisterBody): Promise<AuthResult> {
  return api.post<AuthResult>(apiPaths.auth.register, body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
