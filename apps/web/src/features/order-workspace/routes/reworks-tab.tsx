import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { reworkStateTitles, type Rework } from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { reworkQuery, reworksQuery, workspaceOrderQuery } from '../api';
import { FileList } from '../components/file-actions';
import { ReworkForm } from '../components/rework-form';
import { NewAnswerBadge, RequestDetail, RequestList, RequestTime } from '../components/request-views';
import { Thread } from '../components/thread';
import { workspaceText as t } from '../messages';
import { formatMoscowDate, reworkAction } from '../model';

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
      <RequestList
        query={reworks}
        label={t.reworksTitle}
        failedTitle={t.reworksFailed}
        emptyText={t.reworksEmpty}
        card={(rework) => <ReworkCard rework={rework} />}
      />
    </Stack>
  );
}

function ReworkCard({ rework }: { rework: Rework }) {
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Anchor component={Link} to={`?open=${rework.id}`} fw={600}>
          {t.reworkNumber(rework.number)}
        </Anchor>
        <Badge variant="light" color={stateColor[rework.state]} tt="none">
          {reworkStateTitles[rework.state]}
        </Badge>
        <NewAnswerBadge shown={rework.is_new} />
      </Group>
      <Text size="sm" lineClamp={2}>
        {rework.comment}
      </Text>
      <RequestTime at={rework.created_at} />
    </Stack>
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
  const query = useQuery(reworkQuery(orderId, reworkId));
  return (
    <RequestDetail query={query} orderId={orderId} part="reworks" onBack={onBack}>
      {(rework) => (
        <>
          <Group gap="xs">
            <Title order={2} size="h3">
              {t.reworkNumber(rework.number)}
            </Title>
            <Badge variant="light" color={stateColor[rework.state]} tt="none">
              {reworkStateTitles[rework.state]}
            </Badge>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {rework.comment}
          </Text>
          {rework.wished_date ? (
            <Text size="sm" c="dimmed">
              {t.reworkWished(formatMoscowDate(`${rework.wished_date}T12:00:00Z`))}
            </Text>
          ) : null}
          {rework.files.length > 0 ? <FileList orderId={orderId} files={rework.files} /> : null}
          <Title order={3} size="h4">
            {t.threadTitle}
          </Title>
          <Thread orderId={orderId} messages={rework.messages} />
        </>
      )}
    </RequestDetail>
  );
}
