import { Anchor, Badge, Card, Group, NativeSelect, Pagination, Stack, Text, Title } from '@mantine/core';
import { CARE_STATES, careKindTitles, careStateTitles, STAFF_PAGE_SIZE } from '@cabinet/contract';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { useCareQueue } from '../api';
import { LoadError, LoadingRows } from '../components/query-states';
import { staffOrdersMessages as m } from '../messages';
import { formatDateTime } from '../model';

/** The state filter of the address; anything unknown shows every request. */
export function careStateOf(search: URLSearchParams): string {
  const state = search.get('state') ?? '';
  return (CARE_STATES as readonly string[]).includes(state) ? state : '';
}

/** /staff/care (managers): care requests of every order, by state, each leading to its order. */
export default function CareQueuePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = careStateOf(searchParams);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const queue = useCareQueue(state, page);
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.count / STAFF_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {m.careQueueTitle}
      </Title>
      <NativeSelect
        label={m.careStateLabel}
        value={state}
        maw={260}
        data={[
          { value: '', label: m.careStateAll },
          ...CARE_STATES.map((value) => ({ value, label: careStateTitles[value] })),
        ]}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setSearchParams(next ? { state: next } : {});
        }}
      />
      {queue.isPending ? (
        <LoadingRows />
      ) : queue.isError ? (
        <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.results.length === 0 ? (
        <Text c="dimmed">{m.careEmpty}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {queue.data.results.map((item) => (
            <Card key={item.id} component="li" withBorder padding="sm">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs">
                  <Anchor component={Link} to={paths.staff.order.getHref(item.order_id)} fw={600}>
                    {m.toOrder(item.order_id)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(item.updated_at)}
                  </Text>
                </Group>
                <Group gap="xs">
                  <Badge variant="light" color="grape">
                    {careKindTitles[item.kind]}
                  </Badge>
                  <Badge variant="light">{careStateTitles[item.state]}</Badge>
                  <Text size="sm">{item.customer_name}</Text>
                </Group>
                <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {item.subject}
                </Text>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={(next) => setSearchParams(state ? { state, page: String(next) } : { page: String(next) })}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? m.pagePrevious : m.pageNext,
          })}
          getItemProps={(n) => ({ 'aria-label': m.pageNumber(n) })}
        />
      )}
    </Stack>
  );
}
