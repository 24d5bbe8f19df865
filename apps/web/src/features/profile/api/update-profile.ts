import type { ProfileBody, UserMessageResponse } from '@sherehe/shared/schemas/users';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { publicProfileQueryOptions } from './get-public-profile';

export function updateProfile(body: ProfileBody): Promise<UserMessageResponse> {
  return api.patch<UserMessageResponse>(apiPaths.user.profile, body);
}

export function useUpdateProfile() {
  return useRefreshingMutation(updateProfile, (reply) => [
    publicProfileQueryOptions(reply.user._id).queryKey,
  ]);
}
