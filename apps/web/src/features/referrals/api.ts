// The referral programme's two screens, as the server's referrals module serves them: the friends
// invited (and the invitations), and the bonuses they earned.
import {
  api,
  BonusSchema,
  FriendsSchema,
  InviteResultSchema,
  type InviteEmailRequest,
  type InviteResult,
  type InviteSmsRequest,
} from '@cabinet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';

export const friendsKeys = { all: ['friends'] as const };

export const friendsQuery = () =>
  queryOptions({
    queryKey: friendsKeys.all,
    queryFn: async ({ signal }) => FriendsSchema.parse(await apiFetch(api.friends.root, { signal })),
  });

export function useFriends() {
  return useQuery(friendsQuery());
}

/** POST send-email/. The day's limit (429) is answered on the form, not by a trip to /429. */
export async function inviteByEmail(body: InviteEmailRequest): Promise<InviteResult> {
  return InviteResultSchema.parse(
    await apiFetch(api.friends.sendEmail, { method: 'POST', body, handlesTooManyRequests: true }),
  );
}

/** POST send-sms/. */
export async function inviteBySms(body: InviteSmsRequest): Promise<InviteResult> {
  return InviteResultSchema.parse(
    await apiFetch(api.friends.sendSms, { method: 'POST', body, handlesTooManyRequests: true }),
  );
}

export const bonusKeys = { all: ['bonus'] as const, page: (page: number) => ['bonus', page] as const };

export const bonusQuery = (page: number) =>
  queryOptions({
    queryKey: bonusKeys.page(page),
    queryFn: async ({ signal }) =>
      BonusSchema.parse(
        await apiFetch(page > 1 ? `${api.bonus.root}?page=${page}` : api.bonus.root, { signal }),
      ),
    placeholderData: keepPreviousData,
  });

export function useBonus(page: number) {
  return useQuery(bonusQuery(page));
}
