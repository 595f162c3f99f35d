import { Group } from '@mantine/core';
import { commonMessages } from '../../shared/messages';
import { paths } from '../../shared/paths';
import { AppLink } from '../../shared/ui/app-link';

/** Links to the three public documents, shown at the foot of public and document pages. */
export function DocumentLinks() {
  return (
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
  );
}
