import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { type PayRequest } from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatKopecks } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { pay } from '../api';
import { MethodPayForm } from '../components/method-pay-form';
import { certificateQueryOptions } from '../../../shared/api/certificate';

const text = {
  title: 'Оплата сертификата',
  subtitle: (value: number) => `Подарочный сертификат на ${formatKopecks(value)}`,
  intro:
    'Оплатите картой, через СБП или ЮMoney. После оплаты появится код сертификата и его можно будет скачать.',
  submit: (value: number) => `Оплатить ${formatKopecks(value)}`,
  loading: 'Загружаем сертификат',
  loadFailed: 'Не удалось загрузить сертификат',
  paid: 'Этот сертификат уже оплачен.',
  open: 'Открыть сертификат',
} as const;

/**
 * `/certificate/{id}/pay`: the payment form for purpose 'certificate' — the provider's
 * methods only (the server offers no balance for it), then the provider's page, which sends the
 * buyer back to /certificate/{id}/success.
 */
export default function CertificatePayPage() {
  const { id = '' } = useParams();
  const certificate = useQuery(certificateQueryOptions(id));

  if (certificate.isPending) return <LoadingRows label={text.loading} rows={3} />;
  if (certificate.isError) {
    return (
      <LoadError
        title={text.loadFailed}
        error={certificate.error}
        onRetry={() => void certificate.refetch()}
      />
    );
  }
  const c = certificate.data;
  return (
    <Stack gap="md" maw={560}>
      <div>
        <Title order={1}>{text.title}</Title>
        <Text c="dimmed">{text.subtitle(c.value)}</Text>
      </div>
      <Paper withBorder radius="md" p="md">
        {c.status === 'awaiting_payment' ? (
          <Stack gap="md">
            <Text size="sm">{text.intro}</Text>
            <MethodPayForm<PayRequest>
              purpose="certificate"
              amount={c.value}
              submitLabel={text.submit(c.value)}
              bodyFor={(method) => ({ purpose: 'certificate', object_id: c.id, payment_method: method })}
              send={pay}
            />
          </Stack>
        ) : (
          <Alert color="green" role="status">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{text.paid}</Text>
              <Anchor component={Link} to={paths.certificate.getHref(c.id)}>
                {text.open}
              </Anchor>
            </Stack>
          </Alert>
        )}
      </Paper>
    </Stack>
  );
}
