import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { AuthorRating } from '@cabinet/contract';
import { ratingText } from '../author-rating';

const labels = { rating: 'Рейтинг', completed: 'Выполнено заказов' } as const;

/** An author's rating and finished orders, side by side: the author's page and the staff's alike. */
export function AuthorFigures({ rating, completed }: { rating: AuthorRating; completed: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {labels.rating}
        </Text>
        <Text size="sm">{ratingText(rating)}</Text>
      </Stack>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {labels.completed}
        </Text>
        <Text size="sm">{completed.toLocaleString('ru-RU')}</Text>
      </Stack>
    </SimpleGrid>
  );
}
