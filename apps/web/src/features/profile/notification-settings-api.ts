import {
  api,
  NotificationSettingsSchema,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationSettings,
} from '@cabinet/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { profileQueryOptions } from '../../shared/api/profile';

/** The profile's notification settings (ADR 044): channels per event kind, saved switch by switch. */

export const notificationSettingsKey = ['profile', 'notifications'] as const;
/**
 * Whether this browser holds a push subscription: the settings' push column says so when it does
 * not. The browser's subscribe control invalidates this key after switching push on or off.
 */
export const browserPushSubscribedKey = ['profile', 'browser-push-subscribed'] as const;

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKey,
    queryFn: async ({ signal }): Promise<NotificationSettings> =>
      NotificationSettingsSchema.parse(await apiFetch(api.profile.notifications, { signal })),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** Reads the subscription without asking the customer anything; false where push is not supported. */
async function browserPushSubscribed(): Promise<boolean> {
  if (
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    typeof PushManager === 'undefined'
  ) {
    return false;
  }
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) != null;
}

export function useBrowserPushSubscribed(): boolean | undefined {
  return useQuery({ queryKey: browserPushSubscribedKey, queryFn: browserPushSubscribed, staleTime: 0 }).data;
}

export interface SwitchChange {
  event: NotificationEvent;
  channel: NotificationChannel;
  on: boolean;
}

/**
 * One switch saved: shown at once, put back with the error when the server refuses it. Promotions
 * by e-mail is the newsletter, which the profile shows too: the profile is read again after it.
 */
export function useSaveNotificationSwitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ event, channel, on }: SwitchChange) =>
      NotificationSettingsSchema.parse(
        await apiFetch(api.profile.notifications, {
          method: 'PATCH',
          body: { events: { [event]: { [channel]: on } } },
        }),
      ),
    onMutate: async ({ event, channel, on }) => {
      await client.cancelQueries({ queryKey: notificationSettingsKey });
      const before = client.getQueryData<NotificationSettings>(notificationSettingsKey);
      if (before) {
        client.setQueryData<NotificationSettings>(notificationSettingsKey, {
          ...before,
          events: { ...before.events, [event]: { ...before.events[event], [channel]: on } },
        });
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(notificationSettingsKey, context.before);
    },
    onSuccess: (settings, { event, channel }) => {
      client.setQueryData(notificationSettingsKey, settings);
      if (event === 'promotions' && channel === 'email') {
        void client.invalidateQueries({ queryKey: profileQueryOptions().queryKey, exact: true });
      }
    },
  });
}
