import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { StaffAuthor } from '@cabinet/contract';
import { ratingText } from '../../../shared/author-rating';
import { staffAuthorText as t } from '../messages';

/** The author's rating, finished orders, subjects and «О себе», as customers see them. */
export function AuthorSummary({ author }: { author: StaffAuthor }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t.rating}
          </Text>
          <Text size="sm">{ratingText(author.rating)}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t.completed}
          </Text>
          <Text size="sm">{author.completed_orders.toLocaleString('ru-RU')}</Text>
        </Stack>
      </SimpleGrid>
      {author.subjects.length > 0 ? (
        <Group gap="xs" aria-label={t.subjects}>
          {author.subjects.map((s) => (
            <Badge key={s.id} variant="light" color="gray" tt="none" fw={400}>
              {s.title}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t.noSubjects}
        </Text>
      )}
      <Text
        size="sm"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        c={author.about ? undefined : 'dimmed'}
      >
        {author.about || t.noAbout}
      </Text>
    </Stack>
  );
}
