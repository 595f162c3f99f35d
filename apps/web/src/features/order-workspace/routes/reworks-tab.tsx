import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { reworkStateTitles, type Rework } from '@cabinet/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { refreshAfterSeen, reworkQuery, reworksQuery, workspaceOrderQuery } from '../api';
import { FileList } from '../components/file-actions';
import { EmptyState, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { ReworkForm } from '../components/rework-form';
import { Thread } from '../components/thread';
import { workspaceText as t } from '../messages';
import { formatDateTime, formatMoscowDate, reworkAction } from '../model';

const stateColor = { open: 'orange', answered: 'teal' } as const;

/** `/order/{id}/reworks`: ask for a rework while the guarantee runs, and follow each one. `?new=1` opens the form, `?open={rework}` one rework. */
export default function ReworksTab() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const opened = search.get('open');
  if (opened) return <ReworkDetailView orderId={id} reworkId={opened} onBack={() => setSearch({})} />;
  return (
    <ReworkList
      orderId={id}
      formOpen={search.get('new') === '1'}
      setFormOpen={(open) => setSearch(open ? { new: '1' } : {})}
    />
  );
}

function ReworkList({
  orderId,
  formOpen,
  setFormOpen,
}: {
  orderId: string;
  formOpen: boolean;
  setFormOpen: (open: boolean) => void;
}) {
  const reasonId = useId();
  const order = useQuery(workspaceOrderQuery(orderId));
  const reworks = useQuery(reworksQuery(orderId));
  const eligibility = reworks.data?.eligibility ?? order.data?.rework;
  const action = eligibility ? reworkAction(eligibility) : { enabled: false, reason: null };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t.reworksTitle}
      </Title>
      {formOpen && action.enabled ? (
        <ReworkForm orderId={orderId} onDone={() => setFormOpen(false)} />
      ) : (
        <Stack gap={6} align="flex-start">
          <Button
            onClick={() => setFormOpen(true)}
            disabled={!action.enabled}
            aria-describedby={action.reason ? reasonId : undefined}
          >
            {t.reworkNew}
          </Button>
          {action.reason ? (
            <Text size="sm" c="dimmed" id={reasonId}>
              {action.reason}
            </Text>
          ) : null}
        </Stack>
      )}
      {reworks.isPending ? (
        <LoadingRows rows={2} label={t.reworksTitle} />
      ) : reworks.isError ? (
        <LoadError title={t.reworksFailed} error={reworks.error} onRetry={() => void reworks.refetch()} />
      ) : reworks.data.results.length === 0 ? (
        <EmptyState text={t.reworksEmpty} />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {reworks.data.results.map((rework) => (
            <ReworkCard key={rework.id} rework={rework} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ReworkCard({ rework }: { rework: Rework }) {
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap={6}>
        <Group gap="xs">
          <Anchor component={Link} to={`?open=${rework.id}`} fw={600}>
            {t.reworkNumber(rework.number)}
          </Anchor>
          <Badge variant="light" color={stateColor[rework.state]} tt="none">
            {reworkStateTitles[rework.state]}
          </Badge>
          {rework.is_new ? (
            <Badge variant="light" color="red" tt="none">
              {t.answerNew}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" lineClamp={2}>
          {rework.comment}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={rework.created_at}>{formatDateTime(rework.created_at)}</time>
        </Text>
      </Stack>
    </Paper>
  );
}

function ReworkDetailView({
  orderId,
  reworkId,
  onBack,
}: {
  orderId: string;
  reworkId: string;
  onBack: () => void;
}) {
  const rework = useQuery(reworkQuery(orderId, reworkId));
  const client = useQueryClient();
  const loaded = rework.isSuccess;
  // The server marked the answer seen when it served the detail: the counts drop.
  useEffect(() => {
    if (loaded) void refreshAfterSeen(client, orderId, 'reworks');
  }, [loaded, client, orderId]);
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
      {rework.isPending ? (
        <LoadingRows rows={3} label={t.threadTitle} />
      ) : rework.isError ? (
        <LoadError title={t.detailFailed} error={rework.error} onRetry={() => void rework.refetch()} />
      ) : (
        <>
          <Group gap="xs">
            <Title order={2} size="h3">
              {t.reworkNumber(rework.data.number)}
            </Title>
            <Badge variant="light" color={stateColor[rework.data.state]} tt="none">
              {reworkStateTitles[rework.data.state]}
            </Badge>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {rework.data.comment}
          </Text>
          {rework.data.wished_date ? (
            <Text size="sm" c="dimmed">
              {t.reworkWished(formatMoscowDate(`${rework.data.wished_date}T12:00:00Z`))}
            </Text>
          ) : null}
          {rework.data.files.length > 0 ? <FileList orderId={orderId} files={rework.data.files} /> : null}
          <Title order={3} size="h4">
            {t.threadTitle}
          </Title>
          <Thread orderId={orderId} messages={rework.data.messages} />
        </>
      )}
    </Stack>
  );
}
