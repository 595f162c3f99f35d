import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { careKindTitles, careStateTitles, type CareRequest } from '@cabinet/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { careListQuery, careQuery, refreshAfterSeen } from '../api';
import { CareForm, CareReply } from '../components/care-forms';
import { EmptyState, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { Thread } from '../components/thread';
import { workspaceText as t } from '../messages';
import { formatDateTime } from '../model';

const stateColor = { open: 'orange', answered: 'teal', closed: 'gray' } as const;

/** `/order/{id}/care`: questions and complaints to the quality-care service. `?new=1` opens the form, `?open={care}` a thread. */
export default function CareTab() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const opened = search.get('open');
  if (opened) return <CareDetailView orderId={id} careId={opened} onBack={() => setSearch({})} />;
  const formOpen = search.get('new') === '1';
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t.careTitle}
      </Title>
      <Text size="sm">{t.careIntro}</Text>
      {formOpen ? (
        <CareForm orderId={id} onDone={() => setSearch({})} />
      ) : (
        <Button onClick={() => setSearch({ new: '1' })} style={{ alignSelf: 'flex-start' }}>
          {t.careNew}
        </Button>
      )}
      <CareList orderId={id} />
    </Stack>
  );
}

function CareList({ orderId }: { orderId: string }) {
  const care = useQuery(careListQuery(orderId));
  if (care.isPending) return <LoadingRows rows={2} label={t.careTitle} />;
  if (care.isError)
    return <LoadError title={t.careFailed} error={care.error} onRetry={() => void care.refetch()} />;
  if (care.data.results.length === 0) return <EmptyState text={t.careEmpty} />;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {care.data.results.map((request) => (
        <CareCard key={request.id} request={request} />
      ))}
    </Stack>
  );
}

function CareBadges({ request }: { request: CareRequest }) {
  return (
    <>
      <Badge variant="light" color="grape" tt="none">
        {careKindTitles[request.kind]}
      </Badge>
      <Badge variant="light" color={stateColor[request.state]} tt="none">
        {careStateTitles[request.state]}
      </Badge>
      {request.is_new ? (
        <Badge variant="light" color="red" tt="none">
          {t.answerNew}
        </Badge>
      ) : null}
    </>
  );
}

function CareCard({ request }: { request: CareRequest }) {
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap={6}>
        <Anchor
          component={Link}
          to={`?open=${request.id}`}
          fw={600}
          lineClamp={2}
          aria-label={t.careOpen(request.subject)}
        >
          {request.subject}
        </Anchor>
        <Group gap="xs">
          <CareBadges request={request} />
        </Group>
        <Text size="xs" c="dimmed">
          <time dateTime={request.updated_at}>{formatDateTime(request.updated_at)}</time>
        </Text>
      </Stack>
    </Paper>
  );
}

function CareDetailView({
  orderId,
  careId,
  onBack,
}: {
  orderId: string;
  careId: string;
  onBack: () => void;
}) {
  const care = useQuery(careQuery(orderId, careId));
  const client = useQueryClient();
  const loaded = care.isSuccess;
  // The server marked the answer seen when it served the request: the counts drop.
  useEffect(() => {
    if (loaded) void refreshAfterSeen(client, orderId, 'care');
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
      {care.isPending ? (
        <LoadingRows rows={3} label={t.threadTitle} />
      ) : care.isError ? (
        <LoadError title={t.detailFailed} error={care.error} onRetry={() => void care.refetch()} />
      ) : (
        <>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {care.data.subject}
          </Title>
          <Group gap="xs">
            <CareBadges request={{ ...care.data, is_new: false }} />
          </Group>
          <Thread orderId={orderId} messages={care.data.messages} />
          {care.data.state === 'closed' ? (
            <Alert color="gray" role="status">
              {t.careClosedNote}
            </Alert>
          ) : (
            <CareReply orderId={orderId} careId={care.data.id} />
          )}
        </>
      )}
    </Stack>
  );
}
