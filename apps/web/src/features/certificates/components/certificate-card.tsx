import { ActionIcon, Button, CopyButton, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Certificate } from '@cabinet/contract';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { errorText } from '../../../shared/ui/query-states';
import { FormAlert } from '../../../shared/ui/form-alert';
import { saveBlob } from '../../../shared/api/blob';
import { downloadCertificate } from '../api';
import { certificateText as t } from '../messages';
import { StatusBadge } from './status-badge';

/** The certificate itself: value, status, code with a copy button, dates, PDF and payment. */
export function CertificateCard({
  certificate: c,
  headingLevel = 1,
}: {
  certificate: Certificate;
  headingLevel?: 1 | 2;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={headingLevel} size="h2">
            {t.card(c.value)}
          </Title>
          <StatusBadge status={c.status} />
        </Group>
        <CodeLine certificate={c} />
        <Dates certificate={c} />
        <Actions certificate={c} />
      </Stack>
    </Paper>
  );
}

function CodeLine({ certificate: c }: { certificate: Certificate }) {
  if (!c.code) return <Text c="dimmed">{t.codeHidden}</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text component="span">{t.code}:</Text>
      <Text component="span" ff="monospace" fw={700} fz="lg" data-testid="certificate-code">
        {c.code}
      </Text>
      <CopyButton value={c.code}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t.copied : t.copy} withArrow>
            <ActionIcon variant="subtle" onClick={copy} aria-label={copied ? t.copied : t.copy}>
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function Dates({ certificate: c }: { certificate: Certificate }) {
  const lines: string[] = [t.boughtOn(formatDate(c.created_at))];
  if (c.status === 'active' && c.expires_at) lines.push(t.validUntil(formatDate(c.expires_at)));
  if (c.status === 'expired' && c.expires_at) lines.push(t.expiredOn(formatDate(c.expires_at)));
  if (c.status === 'redeemed' && c.redeemed_at) lines.push(t.redeemedOn(formatDate(c.redeemed_at)));
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function Actions({ certificate: c }: { certificate: Certificate }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveBlob(await downloadCertificate(c.id), `Сертификат ${c.code ?? c.id}.pdf`);
    } catch (err) {
      setError(`${t.downloadFailed}: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {c.status === 'awaiting_payment' && (
          <Button component={Link} to={paths.certificate.pay.getHref(c.id)}>
            {t.pay}
          </Button>
        )}
        {c.status === 'active' && (
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={busy}
            onClick={() => void download()}
          >
            {t.download}
          </Button>
        )}
      </Group>
      <FormAlert message={error} />
    </Stack>
  );
}
