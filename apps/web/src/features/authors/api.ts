import { api, AuthorProfileSchema } from '@cabinet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';

type Id = string | number;

export const authorKeys = {
  all: ['authors'] as const,
  page: (id: Id, page: number) => ['authors', String(id), page] as const,
};

/** `/author/{id}`: the author and a page of their reviews (the previous page stays shown while the next loads). */
export const authorQuery = (id: Id, page: number) =>
  queryOptions({
    queryKey: authorKeys.page(id, page),
    queryFn: async ({ signal }) =>
      AuthorProfileSchema.parse(
        await apiFetch(page > 1 ? `${api.authors.byId(id)}?page=${page}` : api.authors.byId(id), { signal }),
      ),
    placeholderData: keepPreviousData,
  });
