import { Anchor, Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { AUTHOR_REVIEWS_PAGE_SIZE, type AuthorProfile } from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { AuthorFigures } from '../../../shared/ui/author-figures';
import { paths } from '../../../shared/paths';
import { Pager } from '../../../shared/ui/pager';
import { Loaded } from '../../../shared/ui/query-states';
import { authorQuery } from '../api';
import { ReviewItem } from '../components/review-item';
import { authorText as t } from '../messages';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

function AuthorView({
  author,
  page,
  onPage,
}: {
  author: AuthorProfile;
  page: number;
  onPage: (p: number) => void;
}) {
  const photo = '128' in author.avatars ? author.avatars['128'] : null;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="header">
        <Group gap="md" align="flex-start" wrap="nowrap">
          <Avatar src={photo} alt="" size={72} radius="xl" color="teal">
            {initials(author.name)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              {author.name}
            </Title>
            <AuthorFigures rating={author.rating} completed={author.completed_orders} />
          </Stack>
        </Group>
      </Paper>
      {author.about ? (
        <Stack gap="xs" component="section" aria-labelledby="author-about">
          <Title order={2} size="h4" id="author-about">
            {t.about}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {author.about}
          </Text>
        </Stack>
      ) : null}
      <Stack gap="xs" component="section" aria-labelledby="author-subjects">
        <Title order={2} size="h4" id="author-subjects">
          {t.subjects}
        </Title>
        {author.subjects.length > 0 ? (
          <Group gap="xs">
            {author.subjects.map((s) => (
              <Badge key={s.id} variant="light" color="gray" tt="none" size="lg" fw={400}>
                {s.title}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t.noSubjects}
          </Text>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="author-reviews">
        <Title order={2} size="h4" id="author-reviews">
          {t.reviews}
        </Title>
        {author.reviews.count === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noReviews}
          </Text>
        ) : (
          author.reviews.results.map((r) => <ReviewItem key={r.id} review={r} />)
        )}
        <Pager
          label={t.reviewsPages}
          page={page}
          total={Math.ceil(author.reviews.count / AUTHOR_REVIEWS_PAGE_SIZE)}
          onChange={onPage}
        />
      </Stack>
    </Stack>
  );
}

/**
 * `/author/{id}`: the author of one of the customer's orders — name, rating, finished orders,
 * subjects, «О себе» and the customers' reviews, ten at a time (`?page=`).
 */
export default function AuthorPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const author = useQuery(authorQuery(id, page));
  return (
    <Stack gap="md" maw={820}>
      <Anchor component={Link} to={paths.home.getHref()} size="sm">
        ← {t.back}
      </Anchor>
      <Loaded query={author} label={t.loading} failedTitle={t.loadFailed}>
        {(data) => (
          <AuthorView author={data} page={page} onPage={(p) => setSearch(p > 1 ? { page: String(p) } : {})} />
        )}
      </Loaded>
    </Stack>
  );
}
