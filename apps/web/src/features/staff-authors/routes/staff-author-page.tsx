import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useStaffMe } from '../../../shared/staff/session';
import { Loaded } from '../../../shared/ui/query-states';
import { staffAuthorQuery } from '../api';
import { AuthorSummary } from '../components/author-summary';
import { StaffReviewList } from '../components/staff-review-list';
import { staffAuthorText as t } from '../messages';

/** /staff/authors/{id} (managers): an author as customers see them, and every review, each of which may be hidden. */
export default function StaffAuthorPage() {
  const { id = '' } = useParams();
  const me = useStaffMe();
  const author = useQuery(staffAuthorQuery(id));
  return (
    <Stack gap="lg" maw={820}>
      <Loaded query={author} failedTitle={t.loadFailed}>
        {(data) => (
          <>
            <Stack gap="sm">
              <Title order={1} size="h2">
                {data.name}
              </Title>
              <AuthorSummary author={data} />
            </Stack>
            <Stack gap="sm" component="section" aria-labelledby="author-reviews">
              <Title order={2} size="h3" id="author-reviews">
                {t.reviews}
              </Title>
              <StaffReviewList reviews={data.reviews} canHide={me?.role === 'manager'} />
            </Stack>
          </>
        )}
      </Loaded>
    </Stack>
  );
}
