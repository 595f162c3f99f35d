import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { Loaded } from '../../../shared/ui/query-states';
import { certificateQueryOptions } from '../api';
import { CertificateCard } from '../components/certificate-card';
import { certificateText as t } from '../messages';

/** While the bank's notification is on its way the certificate is read again this often. */
const WAIT_MS = 2000;

/** `/certificate/{id}/success?source=…` (spec §2): where the provider sends the buyer back. */
export default function CertificateSuccessPage() {
  const { id = '' } = useParams();
  const certificate = useQuery({
    ...certificateQueryOptions(id),
    refetchInterval: (query) => (query.state.data?.status === 'awaiting_payment' ? WAIT_MS : false),
  });
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t.successTitle}</Title>
      <Loaded query={certificate} label={t.listLoading} failedTitle={t.loadFailed}>
        {(data) => (
          <>
            {data.status === 'awaiting_payment' ? (
              <Alert color="yellow" role="status">
                {t.successWaiting}
              </Alert>
            ) : (
              <Text>{t.successText}</Text>
            )}
            <CertificateCard certificate={data} headingLevel={2} />
          </>
        )}
      </Loaded>
      <Anchor component={Link} to={paths.certificates.getHref()}>
        {t.backToList}
      </Anchor>
    </Stack>
  );
}
