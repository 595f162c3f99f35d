import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../shared/notify';
import { errorText, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { socialLinksQueryOptions, unlinkSocial, type ProfileSocialLink } from '../api';
import { profileMessages as m } from '../messages';
import { ProfileSection } from './profile-form';

const NETWORK_NAMES: Record<string, string> = { vk: 'ВКонтакте', google: 'Google', yandex: 'Яндекс' };
const nameOf = (network: string) => NETWORK_NAMES[network] ?? network;

function SocialRow({ link }: { link: ProfileSocialLink }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = nameOf(link.network_name);
  const unlink = () => {
    setPending(true);
    setRefusal(null);
    unlinkSocial(queryClient, link.network_name)
      .then(() => notify.success(m.socialUnlinked(name)))
      // The server refuses to take away the last way to sign in, and says so.
      .catch((err: unknown) => setRefusal(errorText(err)))
      .finally(() => setPending(false));
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={500}>
          {name}
          {link.is_linked ? (
            <Text span size="sm" c="dimmed">
              {` · ${m.socialLinked}`}
            </Text>
          ) : null}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {link.is_linked !== true && link.link ? (
            <Button
              component="a"
              href={link.link}
              variant="default"
              size="xs"
              aria-label={m.socialLink(name)}
            >
              {m.socialLinkShort}
            </Button>
          ) : null}
          {link.is_linked !== false ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={pending}
              onClick={unlink}
              aria-label={m.socialUnlink(name)}
            >
              {m.socialUnlinkShort}
            </Button>
          ) : null}
        </Group>
      </Group>
      {refusal ? (
        <Alert color="red" role="alert" p="xs">
          {refusal}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Linking goes through the OAuth start links the sign-in uses; unlinking is a DELETE. */
export function SocialLinks() {
  const links = useQuery(socialLinksQueryOptions());
  return (
    <ProfileSection title={m.socialsSection}>
      <Text size="sm">{m.socialsIntro}</Text>
      {links.isPending ? (
        <LoadingRows rows={3} />
      ) : links.isError ? (
        <LoadError title={m.socialsLoadError} error={links.error} onRetry={() => void links.refetch()} />
      ) : (
        <Stack gap="sm">
          {links.data.map((link) => (
            <SocialRow key={link.network_name} link={link} />
          ))}
        </Stack>
      )}
    </ProfileSection>
  );
}
