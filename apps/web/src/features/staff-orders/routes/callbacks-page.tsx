import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { CALLBACK_TIME_TITLES, displayIntlPhone, type StaffCallback } from '@cabinet/contract';
import { errorText } from '../../../shared/ui/query-states';
import { notify } from '../../../shared/notify';
import { useCallbackDone, useCallbacks } from '../api';
import { LoadError, LoadingRows } from '../components/query-states';
import { staffOrdersMessages as m } from '../messages';
import { formatDateTime } from '../model';

/** /staff/callbacks (managers): customers asking to be called back, pending first; each marked once. */
export default function CallbacksPage() {
  const callbacks = useCallbacks();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {m.callbacksTitle}
      </Title>
      {callbacks.isPending ? (
        <LoadingRows />
      ) : callbacks.isError ? (
        <LoadError error={callbacks.error} onRetry={() => void callbacks.refetch()} />
      ) : callbacks.data.results.length === 0 ? (
        <Text c="dimmed">{m.callbacksEmpty}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.callbacksList}>
          {callbacks.data.results.map((item) => (
            <CallbackCard key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CallbackCard({ item }: { item: StaffCallback }) {
  const done = useCallbackDone();
  const headingId = `callback-${item.id}`;
  const who = item.customer.fio || item.customer.email;
  return (
    <Card component="li" withBorder padding="sm" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} id={headingId}>
            {m.callbackOf(item.id, who)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(item.created_at)}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge variant="light" color={item.status === 'pending' ? 'orange' : 'gray'}>
            {m.callbackStatus[item.status]}
          </Badge>
          <Anchor href={`tel:${item.phone}`} size="sm">
            {displayIntlPhone(item.phone)}
          </Anchor>
          <Text size="sm">{CALLBACK_TIME_TITLES[item.time]}</Text>
        </Group>
        {item.comment && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.comment}
          </Text>
        )}
        {done.isError && (
          <Alert color="red" role="alert" p="xs">
            {errorText(done.error)}
          </Alert>
        )}
        {item.status === 'pending' && (
          <Group>
            <Button
              size="xs"
              aria-label={m.callbackDoneLabel(displayIntlPhone(item.phone))}
              loading={done.isPending}
              onClick={() => done.mutate(item.id, { onSuccess: () => notify.success(m.callbackMarked) })}
            >
              {m.callbackDone}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
