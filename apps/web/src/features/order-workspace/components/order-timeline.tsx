import { Button, Collapse, Text, Timeline } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { timelineQuery } from '../api';
import { workspaceText as t } from '../messages';
import { formatDateTime, newestFirst } from '../model';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { SectionCard } from '../../../shared/ui/section-card';

/** From Mantine's `lg` the timeline sits beside the tab (the layout's grid); narrower it folds under a button. */
const WIDE_QUERY = '(min-width: 75em)';

/** Every event of the order with its time, newest first. */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const timeline = useQuery(timelineQuery(orderId));
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  const [opened, { toggle }] = useDisclosure(false);
  const regionId = useId();

  const body = timeline.isPending ? (
    <LoadingRows rows={3} label={t.timelineTitle} />
  ) : timeline.isError ? (
    <LoadError title={t.timelineFailed} error={timeline.error} onRetry={() => void timeline.refetch()} />
  ) : timeline.data.results.length === 0 ? (
    <Text size="sm" c="dimmed">
      {t.timelineEmpty}
    </Text>
  ) : (
    <Timeline bulletSize={12} lineWidth={2} active={-1}>
      {newestFirst(timeline.data.results).map((event) => (
        <Timeline.Item key={event.id} title={<Text size="sm">{event.text}</Text>}>
          <Text size="xs" c="dimmed">
            <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );

  return (
    <SectionCard title={t.timelineTitle} gap="sm">
      {wide ? (
        body
      ) : (
        <>
          <Button
            variant="light"
            size="xs"
            onClick={toggle}
            aria-expanded={opened}
            aria-controls={regionId}
            style={{ alignSelf: 'flex-start' }}
          >
            {opened ? t.timelineHide : t.timelineShow}
          </Button>
          <Collapse expanded={opened} id={regionId}>
            {body}
          </Collapse>
        </>
      )}
    </SectionCard>
  );
}
