import {
  api,
  OrderReviewStateSchema,
  OwnReviewSchema,
  type OwnReview,
  type ReviewRequest,
} from '@cabinet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { workspaceKeys } from './api';

type Id = string | number;

/** Whether the customer may rate the order's author, and their review if written. */
export const reviewQuery = (id: Id) =>
  queryOptions({
    queryKey: workspaceKeys.part(id, 'review'),
    queryFn: async ({ signal }) =>
      OrderReviewStateSchema.parse(await apiFetch(api.orders.review(id), { signal })),
  });

export async function postReview(id: Id, body: ReviewRequest): Promise<OwnReview> {
  return OwnReviewSchema.parse(await apiFetch(api.orders.review(id), { method: 'POST', body }));
}

/** «Не сейчас» is remembered on this device, per order, so the prompt never asks again here. */
export const reviewDismissedKey = (id: Id) => `review-dismissed:${id}`;

export function isReviewDismissed(id: Id): boolean {
  try {
    return localStorage.getItem(reviewDismissedKey(id)) !== null;
  } catch {
    return false;
  }
}

export function dismissReview(id: Id): void {
  try {
    localStorage.setItem(reviewDismissedKey(id), new Date().toISOString());
  } catch {
    // Storage refused (private mode): the prompt stays away for this visit only.
  }
}
