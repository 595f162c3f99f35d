import { Group, Stack } from '@mantine/core';
import { CompanyFooterLine } from '../../features/documents/components/company-footer-line';
import { commonMessages } from '../../shared/messages';
import { paths } from '../../shared/paths';
import { AppLink } from '../../shared/ui/app-link';

/**
 * The foot of public and document pages: links to the three public documents and, once loaded,
 * the operator who runs the service (COMPANY_*).
 */
export function DocumentLinks() {
  return (
    <Stack gap="xs">
      <Group component="nav" aria-label={commonMessages.documentsNav} gap="md" justify="center">
        <AppLink to={paths.documents.userAgreement.getHref()} size="sm">
          {commonMessages.userAgreement}
        </AppLink>
        <AppLink to={paths.documents.serviceContract.getHref()} size="sm">
          {commonMessages.serviceContract}
        </AppLink>
        <AppLink to={paths.documents.privacyPolicy.getHref()} size="sm">
          {commonMessages.privacyPolicy}
        </AppLink>
      </Group>
      <CompanyFooterLine />
    </Stack>
  );
}
