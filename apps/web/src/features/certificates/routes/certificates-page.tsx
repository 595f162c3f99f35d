import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { CERTIFICATE_TABS, type Certificate, type CertificateTab } from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { EmptyState, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { certificatesQuery } from '../api';
import { BuyForm } from '../components/buy-form';
import { RedeemForm } from '../components/redeem-form';
import { StatusBadge } from '../components/status-badge';
import { certificateText as t } from '../messages';

const isTab = (value: string | null): value is CertificateTab =>
  (CERTIFICATE_TABS as readonly string[]).includes(value ?? '');

/**
 * `/certificates` (docs/decisions/020-certificates-route.md): the customer's certificates on two
 * tabs with their counters, the buy form and the redeem form.
 */
export default function CertificatesPage() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('status');
  const tab: CertificateTab = isTab(tabParam) ? tabParam : 'active';
  const [pages, setPages] = useState(1);
  const list = useQuery(certificatesQuery(tab, pages));
  const counters = list.data?.counters;

  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1}>{t.listTitle}</Title>
        <Text mt="xs">{t.listIntro}</Text>
        <Anchor component={Link} to={paths.certificatesTerms.getHref()} size="sm">
          {t.terms}
        </Anchor>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <BuyForm />
        <RedeemForm />
      </SimpleGrid>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (!isTab(value)) return;
          setPages(1);
          setParams(value === 'active' ? {} : { status: value }, { replace: true });
        }}
      >
        <Tabs.List aria-label={t.tabsLabel}>
          <Tabs.Tab value="active">
            {t.tabActive}
            {counters ? ` (${counters.active})` : ''}
          </Tabs.Tab>
          <Tabs.Tab value="trash">
            {t.tabTrash}
            {counters ? ` (${counters.trash})` : ''}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md">
          {list.isPending ? (
            <LoadingRows label={t.listLoading} rows={3} />
          ) : list.isError ? (
            <LoadError title={t.listLoadFailed} error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.results.length === 0 ? (
            <EmptyState text={tab === 'active' ? t.emptyActive : t.emptyTrash} />
          ) : (
            <Stack gap="sm">
              <Stack
                gap="sm"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={t.tabsLabel}
              >
                {list.data.results.map((c) => (
                  <Row key={c.id} certificate={c} />
                ))}
              </Stack>
              {list.data.next && (
                <Button
                  variant="light"
                  onClick={() => setPages((n) => n + 1)}
                  loading={list.isFetching}
                  maw={240}
                >
                  {t.more}
                </Button>
              )}
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Row({ certificate: c }: { certificate: Certificate }) {
  const date =
    c.status === 'active' && c.expires_at
      ? t.validUntil(formatDate(c.expires_at))
      : c.status === 'redeemed' && c.redeemed_at
        ? t.redeemedOn(formatDate(c.redeemed_at))
        : c.status === 'expired' && c.expires_at
          ? t.expiredOn(formatDate(c.expires_at))
          : t.boughtOn(formatDate(c.created_at));
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Anchor component={Link} to={paths.certificate.getHref(c.id)} fw={600}>
            {t.card(c.value)}
          </Anchor>
          <Text size="sm" c="dimmed">
            {c.code ?? t.codeHidden} · {date}
          </Text>
        </Stack>
        <StatusBadge status={c.status} />
      </Group>
    </Paper>
  );
}
