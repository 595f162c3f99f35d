import { Anchor, Text } from '@mantine/core';
import type { Order } from '@cabinet/contract';
import { Link } from 'react-router';
import { ratingText } from '../../../shared/author-rating';
import { paths } from '../../../shared/paths';
import { workspaceText as t } from '../messages';

/** The header's author: their name, a link to their page with the reviews, and their rating. */
export function AuthorLine({ author }: { author: Order['author'] }) {
  if (!author) return <Text size="sm">{t.authorPending}</Text>;
  return (
    <>
      <Anchor component={Link} to={paths.author.getHref(author.id)} size="sm">
        {author.name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {ratingText(author.rating)}
      </Text>
    </>
  );
}
