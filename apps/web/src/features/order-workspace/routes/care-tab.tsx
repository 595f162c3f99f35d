import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { careKindTitles, careStateTitles, type CareRequest } from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { careListQuery, careQuery } from '../api';
import { CareForm, CareReply } from '../components/care-forms';
import { NewAnswerBadge, RequestDetail, RequestList, RequestTime } from '../components/request-views';
import { Thread } from '../components/thread';
import { workspaceText as t } from '../messages';

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
  return (
    <RequestList
      query={care}
      label={t.careTitle}
      failedTitle={t.careFailed}
      emptyText={t.careEmpty}
      card={(request) => <CareCard request={request} />}
    />
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
      <NewAnswerBadge shown={request.is_new} />
    </>
  );
}

function CareCard({ request }: { request: CareRequest }) {
  return (
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
      <RequestTime at={request.updated_at} />
    </Stack>
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
  return (
    <RequestDetail query={care} orderId={orderId} part="care" onBack={onBack}>
      {(request) => (
        <>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {request.subject}
          </Title>
          <Group gap="xs">
            <CareBadges request={{ ...request, is_new: false }} />
          </Group>
          <Thread orderId={orderId} messages={request.messages} />
          {request.state === 'closed' ? (
            <Alert color="gray" role="status">
              {t.careClosedNote}
            </Alert>
          ) : (
            <CareReply orderId={orderId} careId={request.id} />
          )}
        </>
      )}
    </RequestDetail>
  );
}
