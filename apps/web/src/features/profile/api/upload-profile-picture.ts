import type { UserMessageResponse } from '@sherehe/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountApiPaths } from './account-paths';
import { publicProfileQueryOptions } from './get-public-profile';

/** multipart with the file in the field `image`. */
export function uploadProfilePicture(image: File): Promise<UserMessageResponse> {
  const body = new FormData();
  body.append('image', image, image.name);
  return api.post<UserMessageResponse>(accountApiPaths.profilePicture, body);
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: (reply) =>
      queryClient.invalidateQueries({ queryKey: publicProfileQueryOptions(reply.user._id).queryKey }),
  });
}
