import { api, BonusSchema } from '@cabinet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';

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
