import { Text, Timeline } from '@mantine/core';
import { useTimeline } from '../api';
import { staffOrdersMessages as m } from '../messages';
import { formatDateTime } from '../model';
import { LoadError, LoadingRows } from './query-states';

/** What happened to the order, in order (the server writes each line in Russian). */
export function TimelineSection({ orderId }: { orderId: string }) {
  const timeline = useTimeline(orderId);
  if (timeline.isPending) return <LoadingRows rows={3} />;
  if (timeline.isError) return <LoadError error={timeline.error} onRetry={() => void timeline.refetch()} />;
  if (timeline.data.results.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {m.noTimeline}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={12} lineWidth={2}>
      {timeline.data.results.map((event) => (
        <Timeline.Item key={event.id} title={event.text}>
          <Text size="xs" c="dimmed">
            {event.actor.name} · {formatDateTime(event.created_at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
