import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import {
  OrderStatusId,
  ReviewRequestSchema,
  type Order,
  type OwnReview,
  type ReviewRequest,
} from '@cabinet/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDate } from '../../../shared/format';
import { eagerSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { FormAlert } from '../../../shared/ui/form-alert';
import { SectionCard } from '../../../shared/ui/section-card';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { workspaceKeys } from '../api';
import { dismissReview, isReviewDismissed, postReview, reviewQuery } from '../review';
import { reviewText as t } from '../review-messages';

const schema = eagerSchema(ReviewRequestSchema);
const FIELDS = ['rating', 'text'] as const;
type Values = { rating: number; text: string };

/** Stars a screen reader reads as «Оценка: 4 из 5». */
function Stars({ value }: { value: number }) {
  return <Rating value={value} readOnly aria-label={t.stars(value)} role="img" />;
}

function ReviewForm({
  orderId,
  review,
  title,
  intro,
  onDone,
  onCancel,
  cancelLabel,
}: {
  orderId: number;
  review: OwnReview | null;
  title: string;
  intro?: string;
  onDone: () => void;
  onCancel: () => void;
  cancelLabel: string;
}) {
  const client = useQueryClient();
  const ratingLabel = useId();
  const ratingError = useId();
  const { form, alert, submit } = useServerForm<Values, ReviewRequest>({
    schema,
    defaultValues: { rating: review?.rating ?? 0, text: review?.text ?? '' },
    fields: FIELDS,
    onSubmit: async (values) => {
      const saved = await postReview(orderId, values);
      client.setQueryData(reviewQuery(orderId).queryKey, { allowed: true, review: saved });
      // The header's rating counts this review now.
      await client.invalidateQueries({ queryKey: workspaceKeys.order(orderId), exact: true });
      notify.success(review ? t.updated : t.saved);
      onDone();
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <SectionCard title={title} size="h4" gap="sm" onSubmit={(event) => void submit(event)}>
      {intro ? <Text size="sm">{intro}</Text> : null}
      <Stack gap={4}>
        <Text size="sm" fw={500} id={ratingLabel}>
          {t.ratingLabel}
        </Text>
        <Rating
          {...form.control('rating')}
          // Mantine's Rating takes a value from a click or Enter/Space; arrows only move the radio.
          // A keyboard user's arrows count too: every change of the checked star is the value.
          onChangeCapture={(event) => {
            const value = Number((event.target as HTMLInputElement).value);
            if (Number.isInteger(value) && value >= 1) form.setValue('rating', value);
          }}
          size="lg"
          name={`review-rating-${orderId}`}
          getSymbolLabel={(value) => (value === 0 ? t.noStars : t.stars(value))}
          role="radiogroup"
          aria-labelledby={ratingLabel}
          aria-describedby={errors.rating ? ratingError : undefined}
        />
        {errors.rating ? (
          <Text size="sm" c="var(--mantine-color-error)" id={ratingError}>
            {errors.rating.message}
          </Text>
        ) : null}
      </Stack>
      <Textarea
        {...form.register('text')}
        label={t.textLabel}
        description={t.textHint}
        error={errors.text?.message}
        rows={3}
      />
      <FormAlert message={alert} />
      <Group gap="sm">
        <Button type="submit" loading={isSubmitting}>
          {review ? t.save : t.submit}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </Group>
    </SectionCard>
  );
}

/**
 * After the customer accepts the work, the order page asks once to rate its author: a card with
 * stars and a text. «Не сейчас» is remembered on this device (localStorage), leaving only a quiet
 * button; once written, the card shows the review, with «Изменить отзыв» while it may be changed.
 */
export function AuthorReviewCard({ order }: { order: Order }) {
  const accepted = order.status.id === OrderStatusId.completed && order.author !== null;
  const state = useQuery({ ...reviewQuery(order.id), enabled: accepted });
  const [dismissed, setDismissed] = useState(() => isReviewDismissed(order.id));
  const [editing, setEditing] = useState(false);
  if (!accepted || !state.data?.allowed) return null;
  const review = state.data.review;

  if (review && !editing) {
    return (
      <SectionCard title={t.ownTitle} size="h4" gap="xs">
        <Stars value={review.rating} />
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.text || t.noText}
        </Text>
        {review.editable ? (
          <Group gap="sm" justify="space-between">
            <Text size="xs" c="dimmed">
              {t.editableUntil(formatDate(review.editable_until))}
            </Text>
            <Button variant="light" size="xs" onClick={() => setEditing(true)}>
              {t.edit}
            </Button>
          </Group>
        ) : null}
      </SectionCard>
    );
  }
  if (review) {
    return (
      <ReviewForm
        orderId={order.id}
        review={review}
        title={t.ownTitle}
        onDone={() => setEditing(false)}
        onCancel={() => setEditing(false)}
        cancelLabel={t.cancel}
      />
    );
  }
  if (dismissed && !editing) {
    return (
      <Group>
        <Button variant="subtle" size="xs" onClick={() => setEditing(true)}>
          {t.rateLater}
        </Button>
      </Group>
    );
  }
  return (
    <ReviewForm
      orderId={order.id}
      review={null}
      title={t.promptTitle}
      intro={t.promptText}
      onDone={() => setEditing(false)}
      onCancel={() => {
        dismissReview(order.id);
        setDismissed(true);
        setEditing(false);
      }}
      cancelLabel={t.later}
    />
  );
}
