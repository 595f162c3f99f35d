import { Alert, Button, Group, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { orderFormMessages as m } from '../messages';

/** A new order while an earlier draft exists: offers to go on with that one. */
export function ContinueDraftOffer({ draftId }: { draftId: number }) {
  return (
    <Alert color="brand" role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{m.continueOffer}</Text>
        <Button component={Link} to={paths.orderContinue.getHref(draftId)} size="xs" variant="light">
          {m.continueAction}
        </Button>
      </Group>
    </Alert>
  );
}

/** A list the form chooses from (work types, subjects…) failed to load: says so, with a retry of those that failed. */
export function ReferenceFailure({ queries }: { queries: ReadonlyArray<UseQueryResult> }) {
  if (!queries.some((q) => q.isError)) return null;
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{m.referenceLoadFailed}</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => {
            for (const q of queries) if (q.isError) void q.refetch();
          }}
        >
          {m.retry}
        </Button>
      </Group>
    </Alert>
  );
}
