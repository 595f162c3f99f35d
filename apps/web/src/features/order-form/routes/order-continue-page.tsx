import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { continueDraftQuery } from '../api';
import { OrderForm } from '../components/order-form';
import { orderFormMessages as m } from '../messages';
import { valuesFromDraft } from '../model';

export function FormSkeleton({ title }: { title: string }) {
  return (
    <Stack gap="md" aria-busy="true">
      <Title order={1}>{title}</Title>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={56} />
      ))}
    </Stack>
  );
}

export function LoadFailed({ title, text, onRetry }: { title: string; text: string; onRetry: () => void }) {
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Alert color="red" role="alert">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{text}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {m.retry}
          </Button>
        </Group>
      </Alert>
    </Stack>
  );
}

/** `/order-continue` (the latest draft) and `/order-continue/{id}`; no draft → a new order. */
export default function OrderContinuePage() {
  const { id } = useParams();
  const draft = useQuery(continueDraftQuery(id));
  if (draft.isPending) return <FormSkeleton title={m.continueTitle} />;
  if (draft.isError) {
    return (
      <LoadFailed title={m.continueTitle} text={m.continueLoadFailed} onRetry={() => void draft.refetch()} />
    );
  }
  if (draft.data === null) return <Navigate to={paths.orderNew.getHref()} replace />;
  return (
    <OrderForm
      key={draft.data.id}
      mode="continue"
      draft={draft.data}
      initialValues={valuesFromDraft(draft.data)}
    />
  );
}
