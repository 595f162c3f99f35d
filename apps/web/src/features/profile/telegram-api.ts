import { api, TelegramLinkSchema, TelegramStateSchema, type TelegramLink } from '@cabinet/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';

/** Telegram notifications (ADR 046): whether a chat is linked, a new deep link, unlinking. */

export const telegramKey = ['profile', 'telegram'] as const;

export const telegramQueryOptions = () =>
  queryOptions({
    queryKey: telegramKey,
    queryFn: async ({ signal }) => TelegramStateSchema.parse(await apiFetch(api.telegram.link, { signal })),
  });

/** Read again when the customer comes back from Telegram (focus): the link is made there. */
export function useTelegramState() {
  return useQuery({ ...telegramQueryOptions(), refetchOnWindowFocus: 'always' });
}

export function useTelegramLink() {
  return useMutation({
    mutationFn: async (): Promise<TelegramLink> =>
      TelegramLinkSchema.parse(await apiFetch(api.telegram.link, { method: 'POST' })),
  });
}

export function useTelegramUnlink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(api.telegram.link, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: telegramKey }),
  });
}
