import {
  StaffAuthorSchema,
  StaffProfileSchema,
  StaffReviewSchema,
  StaffSubjectListSchema,
  staffApi,
  type StaffProfileUpdate,
  type StaffReview,
} from '@cabinet/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../shared/staff/client';
import { staffKeys } from '../../shared/staff/keys';

const keys = {
  profile: [...staffKeys.all, 'profile'] as const,
  subjects: [...staffKeys.all, 'subjects'] as const,
  authors: [...staffKeys.all, 'authors'] as const,
  author: (id: string | number) => [...staffKeys.all, 'authors', String(id)] as const,
};

export const staffProfileQuery = () =>
  queryOptions({
    queryKey: keys.profile,
    queryFn: async ({ signal }) => StaffProfileSchema.parse(await staffFetch(staffApi.profile, { signal })),
  });

export const subjectsQuery = () =>
  queryOptions({
    queryKey: keys.subjects,
    queryFn: async ({ signal }) =>
      StaffSubjectListSchema.parse(await staffFetch(staffApi.subjects, { signal })).results,
    staleTime: Infinity,
  });

export const staffAuthorQuery = (id: string | number) =>
  queryOptions({
    queryKey: keys.author(id),
    queryFn: async ({ signal }) => StaffAuthorSchema.parse(await staffFetch(staffApi.author(id), { signal })),
  });

export async function saveStaffProfile(client: QueryClient, body: StaffProfileUpdate): Promise<void> {
  const saved = StaffProfileSchema.parse(await staffFetch(staffApi.profile, { method: 'PUT', body }));
  client.setQueryData(keys.profile, saved);
  await client.invalidateQueries({ queryKey: keys.authors });
}

export async function hideReview(client: QueryClient, id: number, reason: string): Promise<StaffReview> {
  const hidden = StaffReviewSchema.parse(
    await staffFetch(staffApi.reviewHide(id), { method: 'POST', body: { reason } }),
  );
  await client.invalidateQueries({ queryKey: keys.authors });
  return hidden;
}
