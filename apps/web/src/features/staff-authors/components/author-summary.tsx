import { Badge, Group, Stack, Text } from '@mantine/core';
import type { StaffAuthor } from '@cabinet/contract';
import { AuthorFigures } from '../../../shared/ui/author-figures';
import { staffAuthorText as t } from '../messages';

/** The author's rating, finished orders, subjects and «О себе», as customers see them. */
export function AuthorSummary({ author }: { author: StaffAuthor }) {
  return (
    <Stack gap="sm">
      <AuthorFigures rating={author.rating} completed={author.completed_orders} />
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
