import {
  api,
  BannerListSchema,
  FaqListSchema,
  SpaceSchema,
  type Banner,
  type FaqItem,
  type Space,
} from '@cabinet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { queryClient } from '../../shared/query-client';

const spaceQueryOptions = (x: string) =>
  queryOptions({
    queryKey: ['content', 'space', x],
    queryFn: async ({ signal }): Promise<Space> =>
      SpaceSchema.parse(await apiFetch(api.content.space(x), { signal })),
  });

/** For the space route guard (spec §2): fetched before the screen opens; a failure is the guard's /404. */
export function loadSpaceForRoute(x: string): Promise<Space> {
  return queryClient.fetchQuery({ ...spaceQueryOptions(x), staleTime: 0 });
}

/** The space the guard has just loaded. */
export function useSpace(x: string) {
  return useQuery({ ...spaceQueryOptions(x), staleTime: 60_000 });
}

/** `GET ?answer=`: the server folds case and ё; an empty query lists every item. */
export function useFaq(query: string) {
  const answer = query.trim();
  return useQuery({
    queryKey: ['content', 'faq', answer],
    queryFn: async ({ signal }): Promise<FaqItem[]> => {
      const url = answer ? `${api.content.faq}?answer=${encodeURIComponent(answer)}` : api.content.faq;
      return FaqListSchema.parse(await apiFetch(url, { signal })).results;
    },
    // The previous answers stay while the next query loads, so the list does not blink per keystroke.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useBanners() {
  return useQuery({
    queryKey: ['content', 'banners'],
    queryFn: async ({ signal }): Promise<Banner[]> =>
      BannerListSchema.parse(await apiFetch(api.content.banners, { signal })).results,
    staleTime: 5 * 60_000,
  });
}
