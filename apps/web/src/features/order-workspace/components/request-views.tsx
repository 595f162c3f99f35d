import { Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, type ComponentType, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { refreshAfterSeen } from '../api';
import { workspaceText as t } from '../messages';
import { formatDateTime } from '../model';

/**
 * The reworks and care tabs: an order request is a thread about the order (a rework, a question or
 * a complaint), listed as cards and opened on its own with a way back. One tab serves both kinds;
 * what differs (request-kinds.tsx) is a `RequestKind`.
 */

/** Whether a new request may be asked for now; `reason` says why not, next to the button. */
export interface RequestAvailability {
  enabled: boolean;
  reason: string | null;
}

/** A kind's list answer: its requests under `results`. */
type RequestListOf = { results: Array<{ id: number }> };

/** What one kind of order request brings to the tab: its texts, queries, form, card and detail. */
export interface RequestKind<List extends RequestListOf, Detail> {
  /** The order's part the request lives under, refreshed once an answer is seen. */
  part: 'reworks' | 'care';
  title: string;
  intro?: string;
  newLabel: string;
  failedTitle: string;
  emptyText: string;
  useList: (orderId: string) => UseQueryResult<List>;
  useDetail: (orderId: string, requestId: string) => UseQueryResult<Detail>;
  useAvailability: (orderId: string, list: List | undefined) => RequestAvailability;
  NewForm: ComponentType<{ orderId: string; onDone: () => void }>;
  Card: ComponentType<{ request: List['results'][number] }>;
  Detail: ComponentType<{ orderId: string; request: Detail }>;
}

/** An order's requests of one kind. `?new=1` opens the form, `?open={request}` one request. */
export function RequestTab<List extends RequestListOf, Detail>({
  kind,
}: {
  kind: RequestKind<List, Detail>;
}) {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const opened = search.get('open');
  if (opened) {
    return <RequestDetailView kind={kind} orderId={id} requestId={opened} onBack={() => setSearch({})} />;
  }
  return (
    <RequestListView
      kind={kind}
      orderId={id}
      formOpen={search.get('new') === '1'}
      setFormOpen={(open) => setSearch(open ? { new: '1' } : {})}
    />
  );
}

/** What both views of the tab are given: the kind and the order. */
interface KindView<List extends RequestListOf, Detail> {
  kind: RequestKind<List, Detail>;
  orderId: string;
}

function RequestListView<List extends RequestListOf, Detail>(
  props: KindView<List, Detail> & { formOpen: boolean; setFormOpen: (open: boolean) => void },
) {
  const { kind, orderId, formOpen, setFormOpen } = props;
  const reasonId = useId();
  const list = kind.useList(orderId);
  const action = kind.useAvailability(orderId, list.data);
  const { NewForm, Card } = kind;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {kind.title}
      </Title>
      {kind.intro ? <Text size="sm">{kind.intro}</Text> : null}
      {formOpen && action.enabled ? (
        <NewForm orderId={orderId} onDone={() => setFormOpen(false)} />
      ) : (
        <Stack gap={6} align="flex-start">
          <Button
            onClick={() => setFormOpen(true)}
            disabled={!action.enabled}
            aria-describedby={action.reason ? reasonId : undefined}
          >
            {kind.newLabel}
          </Button>
          {action.reason ? (
            <Text size="sm" c="dimmed" id={reasonId}>
              {action.reason}
            </Text>
          ) : null}
        </Stack>
      )}
      <RequestList
        query={list}
        label={kind.title}
        failedTitle={kind.failedTitle}
        emptyText={kind.emptyText}
        card={(request) => <Card request={request} />}
      />
    </Stack>
  );
}

function RequestDetailView<List extends RequestListOf, Detail>(
  props: KindView<List, Detail> & { requestId: string; onBack: () => void },
) {
  const { kind, orderId, requestId, onBack } = props;
  const query = kind.useDetail(orderId, requestId);
  const { Detail } = kind;
  return (
    <RequestDetail query={query} orderId={orderId} part={kind.part} onBack={onBack}>
      {(request) => <Detail orderId={orderId} request={request} />}
    </RequestDetail>
  );
}

/** «Новый ответ» on a request the customer has not opened since it was answered. */
export function NewAnswerBadge({ shown }: { shown: boolean }) {
  return shown ? (
    <Badge variant="light" color="red" tt="none">
      {t.answerNew}
    </Badge>
  ) : null;
}

/** The requests as a list of cards, or their loading, failure or empty state. */
function RequestList<T extends { id: number }>({
  query,
  label,
  failedTitle,
  emptyText,
  card,
}: {
  query: UseQueryResult<{ results: T[] }>;
  label: string;
  failedTitle: string;
  emptyText: string;
  card: (item: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingRows rows={2} label={label} />;
  if (query.isError)
    return <LoadError title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.results.length === 0) return <EmptyState text={emptyText} />;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {query.data.results.map((item) => (
        <Paper key={item.id} withBorder radius="md" p="md" component="li">
          {card(item)}
        </Paper>
      ))}
    </Stack>
  );
}

/** A card's last line: when the request was written or last answered. */
export function RequestTime({ at }: { at: string }) {
  return (
    <Text size="xs" c="dimmed">
      <time dateTime={at}>{formatDateTime(at)}</time>
    </Text>
  );
}

/**
 * One request opened: «back», then its loading, failure or `children`. The server marked the
 * answer seen when it served the request, so the order's counts are refreshed once it is here.
 */
function RequestDetail<T>({
  query,
  orderId,
  part,
  onBack,
  children,
}: {
  query: UseQueryResult<T>;
  orderId: string;
  part: 'reworks' | 'care';
  onBack: () => void;
  children: (data: T) => ReactNode;
}) {
  const client = useQueryClient();
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded) void refreshAfterSeen(client, orderId, part);
  }, [loaded, client, orderId, part]);
  return (
    <Stack gap="md">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        onClick={onBack}
        style={{ alignSelf: 'flex-start' }}
      >
        {t.back}
      </Button>
      {query.isPending ? (
        <LoadingRows rows={3} label={t.threadTitle} />
      ) : query.isError ? (
        <LoadError title={t.detailFailed} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
