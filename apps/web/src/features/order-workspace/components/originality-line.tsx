import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Order, WorkspaceFile } from '@cabinet/contract';
import { IconAlertTriangle, IconCircleCheck, IconFileCertificate } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { filesQuery } from '../api';
import { workspaceText as t } from '../messages';

// The viewer loads when the report is first opened, as the files tab's does.
const PreviewModal = lazy(() =>
  import('./preview-modal').then((module) => ({ default: module.PreviewModal })),
);

/**
 * The latest originality report against the order's requirement (the order's
 * `originality_report`): «Оригинальность 84 % по Антиплагиат.ВУЗ (требуется 75 %)», the report one
 * click away in the files tab's viewer, and below the requirement a mark in words as well as colour
 * with the free rework offered at once (the server counts it as inside the guarantee).
 */
export function OriginalityLine({ order }: { order: Order }) {
  const client = useQueryClient();
  const [file, setFile] = useState<WorkspaceFile | null>(null);
  const [opening, setOpening] = useState(false);
  const report = order.originality_report;
  if (!report) return null;

  const openReport = async () => {
    setOpening(true);
    try {
      const files = await client.fetchQuery(filesQuery(String(order.id)));
      const found = files.find((f) => f.id === report.file_id);
      if (found) setFile(found);
      else notify.error(t.originalityReportFailed);
    } catch {
      notify.error(t.originalityReportFailed);
    } finally {
      setOpening(false);
    }
  };

  const below = report.below_required;
  return (
    <Stack gap={6} component="section" aria-label={t.originalityLabel}>
      <Group gap="xs" wrap="wrap" align="center">
        <IconFileCertificate size={20} aria-hidden />
        <Text size="sm" fw={below ? 700 : 400}>
          {t.originality(report.percent, report.system?.name ?? null, report.required)}
        </Text>
        <Badge
          variant="light"
          color={below ? 'red' : 'teal'}
          tt="none"
          leftSection={
            below ? <IconAlertTriangle size={14} aria-hidden /> : <IconCircleCheck size={14} aria-hidden />
          }
        >
          {below ? t.originalityBelow : t.originalityMet}
        </Badge>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void openReport()}
          disabled={opening}
        >
          {t.originalityReport}
        </Anchor>
      </Group>
      {below && order.rework.allowed ? (
        <Group gap="sm" align="center">
          <Button
            component={Link}
            to={`${paths.order.getHref(order.id, 'reworks')}?new=1`}
            size="xs"
            color="red"
            variant="light"
          >
            {t.originalityRework}
          </Button>
          <Text size="xs" c="dimmed">
            {t.originalityReworkHint}
          </Text>
        </Group>
      ) : null}
      {file ? (
        <Suspense fallback={null}>
          <PreviewModal file={file} onClose={() => setFile(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
