import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Draft } from '@cabinet/contract';
import { IconFilePencil } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { formatDate } from '../../../shared/format';
import { notify } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { useDeleteDraft, useDrafts } from '../api';
import { ordersMessages } from '../messages';

const m = ordersMessages.drafts;

/** The draft as a person names it: its work type and topic. */
function draftName(draft: Draft): string {
  const { work_type, topic } = draft.details;
  return `${work_type?.title ?? m.untitled} — ${topic.trim() || m.noTopic}`;
}

function DraftRow({ draft }: { draft: Draft }) {
  const remove = useDeleteDraft();
  const [confirming, setConfirming] = useState(false);
  const name = draftName(draft);
  const onDelete = () =>
    remove.mutate(draft.id, {
      onSuccess: () => notify.success(m.deleted),
      onError: (error) => {
        setConfirming(false);
        notify.error(error instanceof ApiError ? error.message : ordersMessages.unexpectedError);
      },
    });
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {draft.details.work_type?.title ?? m.untitled}
          </Text>
          <Text size="sm" c={draft.details.topic.trim() ? undefined : 'dimmed'} lineClamp={2}>
            {draft.details.topic.trim() || m.noTopic}
          </Text>
          <Text size="xs" c="dimmed">
            {m.saved(formatDate(draft.updated_at))}
          </Text>
        </Stack>
        {confirming ? (
          <Group gap="xs" role="group" aria-label={m.deleteLabel(name)}>
            <Text size="sm">{m.confirm}</Text>
            <Button size="xs" color="red" loading={remove.isPending} onClick={onDelete}>
              {m.confirmYes}
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              {m.confirmNo}
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            <Button
              component={Link}
              to={paths.orderContinue.getHref(draft.id)}
              size="xs"
              aria-label={m.continueLabel(name)}
            >
              {m.continue}
            </Button>
            <Button
              size="xs"
              variant="default"
              aria-label={m.deleteLabel(name)}
              onClick={() => setConfirming(true)}
            >
              {m.delete}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/**
 * «Черновики» above the orders list: the orders the customer started and saved but has not placed,
 * each to continue or delete. Nothing at all while there is none (or the list cannot be read: the
 * orders below matter more).
 */
export function DraftsStrip() {
  const drafts = useDrafts();
  const titleId = useId();
  const list = drafts.data;
  if (!list || list.results.length === 0) return null;
  const hidden = list.count - list.results.length;
  return (
    <Paper component="section" aria-labelledby={titleId} radius="md" p="sm" bg="var(--app-canvas)" withBorder>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconFilePencil size={18} aria-hidden />
          <Title order={2} size="h5" id={titleId}>
            {m.title} · {list.count}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {m.lead}
        </Text>
        <Stack component="ul" gap="xs" p={0} m={0}>
          {list.results.map((draft) => (
            <DraftRow key={draft.id} draft={draft} />
          ))}
        </Stack>
        {hidden > 0 ? (
          <Text size="xs" c="dimmed">
            {m.more(hidden)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
