import { Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { Loaded } from '../../../shared/ui/query-states';
import { certificateQueryOptions } from '../api';
import { CertificateCard } from '../components/certificate-card';
import { RedeemForm } from '../components/redeem-form';
import { certificateText as t } from '../messages';

/** `/certificate/{id}` (behind the certificate guard, spec §4): the certificate and the redeem form. */
export default function CertificatePage() {
  const { id = '' } = useParams();
  const certificate = useQuery(certificateQueryOptions(id));
  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to={paths.certificates.getHref()} size="sm">
        ← {t.backToList}
      </Anchor>
      <Loaded query={certificate} label={t.listLoading} failedTitle={t.loadFailed}>
        {(data) => <CertificateCard certificate={data} />}
      </Loaded>
      <RedeemForm />
      <Anchor component={Link} to={paths.certificatesTerms.getHref()} size="sm">
        {t.terms}
      </Anchor>
    </Stack>
  );
}
