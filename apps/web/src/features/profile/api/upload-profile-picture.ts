import type { UserMessageResponse } from '@sherehe/shared/schemas/users';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { accountApiPaths } from './account-paths';
import { publicProfileQueryOptions } from './get-public-profile';

/** multipart with the file in the field `image`. */
export function uploadProfilePicture(image: File): Promise<UserMessageResponse> {
  const body = new FormData();
  body.append('image', image, image.name);
  return api.post<UserMessageResponse>(accountApiPaths.profilePicture, body);
}

export function useUploadProfilePicture() {
  return useRefreshingMutation(uploadProfilePicture, (reply) => [
    publicProfileQueryOptions(reply.user._id).queryKey,
  ]);
}
