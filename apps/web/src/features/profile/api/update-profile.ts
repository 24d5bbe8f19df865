import type { ProfileBody, UserMessageResponse } from '@sherehe/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { publicProfileQueryOptions } from './get-public-profile';

export function updateProfile(body: ProfileBody): Promise<UserMessageResponse> {
  return api.patch<UserMessageResponse>(apiPaths.user.profile, body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (reply) =>
      queryClient.invalidateQueries({ queryKey: publicProfileQueryOptions(reply.user._id).queryKey }),
  });
}
