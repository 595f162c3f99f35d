import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { STAFF_MOVE_LABELS, STAFF_STATUS_TITLES, type StaffOrder } from '@cabinet/contract';
import { useState } from 'react';
import { useOrderActions } from '../api';
import { staffOrdersMessages as m } from '../messages';
import { errorText } from '../model';

const titleOf = (id: number) => STAFF_STATUS_TITLES[id] ?? String(id);
/** A button's words: «Взять в работу» rather than the target's title where that reads better. */
const labelOf = (id: number) => STAFF_MOVE_LABELS[id] ?? titleOf(id);

/**
 * The status moves this staff member has now, as the server's state machine gives them
 * (`next_statuses`, ADR 004): a manager's, or the assigned author's «Взять в работу»; one button
 * each, confirmed once.
 * The status seen goes along, so a move that another person beat answers 409 with its reason.
 */
export function StatusActions({ order }: { order: StaffOrder }) {
  const { move } = useOrderActions(String(order.id));
  const [target, setTarget] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (order.next_statuses.length === 0) return null;

  const confirm = async () => {
    if (target === null) return;
    setError(null);
    try {
      await move.mutateAsync({ status_id: target, from_status_id: order.status.id });
    } catch (failure) {
      setError(errorText(failure, m.loadFailed));
    } finally {
      setTarget(null);
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {m.moveTo}
      </Text>
      <Group gap="xs">
        {order.next_statuses.map((id) => (
          <Button key={id} variant="default" size="sm" onClick={() => setTarget(id)}>
            {labelOf(id)}
          </Button>
        ))}
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Modal opened={target !== null} onClose={() => setTarget(null)} title={m.confirmMoveTitle} centered>
        <Stack gap="md">
          <Text size="sm">{target !== null && m.confirmMove(titleOf(order.status.id), titleOf(target))}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setTarget(null)}>
              {m.cancel}
            </Button>
            <Button onClick={() => void confirm()} loading={move.isPending}>
              {m.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
