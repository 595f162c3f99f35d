import { Group, Paper, Rating, Stack, Text } from '@mantine/core';
import type { Review } from '@cabinet/contract';
import { formatDate } from '../../../shared/format';
import { authorText as t } from '../messages';

/** One review: the stars, who wrote it (first name, kind of work), when, and what. */
export function ReviewItem({ review }: { review: Review }) {
  return (
    <Paper withBorder radius="md" p="sm" component="article">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Rating value={review.rating} readOnly role="img" aria-label={t.stars(review.rating)} />
          <Text size="xs" c="dimmed">
            {formatDate(review.created_at)}
          </Text>
        </Group>
        <Text size="sm" fw={500}>
          {t.reviewBy(review.customer_name, review.work_type)}
        </Text>
        {review.text ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {review.text}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
