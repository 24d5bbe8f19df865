import type { NotificationsPatchBody, NotificationsResponse } from '@sherehe/shared/schemas/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const path = '/api/user/notifications';

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: ['notification-settings'],
  queryFn: ({ signal }) => api.get<NotificationsResponse>(path, signal),
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}

/** Sends the switches that changed; the answer (the switches as they now work) replaces the cached ones. */
export function useChangeNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationsPatchBody) => api.patch<NotificationsResponse>(path, body),
    onSuccess: (reply) => queryClient.setQueryData(notificationSettingsQueryOptions.queryKey, reply),
  });
}
