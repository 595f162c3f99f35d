import { Badge, Group, Stack, Text } from '@mantine/core';
import type { StaffOrder } from '@cabinet/contract';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { staffOrdersMessages as m } from '../messages';

/**
 * The latest originality report against the order's requirement, as the customer sees it in their
 * header: the percentage, and whether it falls short — in words beside the colour.
 */
export function OriginalityReportRow({ order }: { order: Pick<StaffOrder, 'originality_report'> }) {
  const report = order.originality_report;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {m.reportLatest}
      </Text>
      {report ? (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={report.below_required ? 700 : 400}>
            {m.reportAgainst(report.percent, report.required)}
          </Text>
          <Badge
            size="sm"
            variant="light"
            color={report.below_required ? 'red' : 'teal'}
            tt="none"
            leftSection={
              report.below_required ? (
                <IconAlertTriangle size={12} aria-hidden />
              ) : (
                <IconCircleCheck size={12} aria-hidden />
              )
            }
          >
            {report.below_required ? m.reportBelow : m.reportMet}
          </Badge>
        </Group>
      ) : (
        <Text size="sm">{m.reportNone}</Text>
      )}
    </Stack>
  );
}
