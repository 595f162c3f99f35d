import { Button, Divider, Stack, Text } from '@mantine/core';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@cabinet/contract';
import { IconBrandGoogle, IconBrandVk, IconBrandYandex } from '@tabler/icons-react';
import { useSocialLinks } from '../api';
import { loginScreenMessages as m } from '../login-messages';

const icons: Record<SocialNetwork, typeof IconBrandVk> = {
  vk: IconBrandVk,
  google: IconBrandGoogle,
  yandex: IconBrandYandex,
};

/**
 * Sign-in through the default networks that are configured (the server gives their links; an
 * empty link is a network without credentials). Networks that cannot be used are not shown at
 * all: with none configured the card has no social block, and while the links load nothing takes
 * their place either. A failed load is one quiet line.
 */
export function SocialButtons() {
  const { data, isError } = useSocialLinks();
  const links = new Map((data ?? []).map((l) => [l.network_name, l.link]));
  const configured = SOCIAL_NETWORKS.filter((network) => links.get(network));

  if (isError)
    return (
      <Text size="sm" c="dimmed" ta="center">
        {m.socialLoadFailed}
      </Text>
    );
  if (configured.length === 0) return null;
  return (
    <Stack gap="xs">
      <Divider label={m.socialTitle} labelPosition="center" />
      {configured.map((network) => {
        const Icon = icons[network];
        return (
          <Button
            key={network}
            component="a"
            href={links.get(network)}
            variant="default"
            fullWidth
            leftSection={<Icon size={18} aria-hidden />}
          >
            {m.socialSignIn(m.socialNames[network])}
          </Button>
        );
      })}
    </Stack>
  );
}
