import { Button, Divider, Stack, Text, VisuallyHidden } from '@mantine/core';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@cabinet/contract';
import { IconBrandGoogle, IconBrandVk, IconBrandYandex } from '@tabler/icons-react';
import { useId } from 'react';
import { useSocialLinks } from '../api';
import { authScreenMessages as m } from '../messages';

const icons: Record<SocialNetwork, typeof IconBrandVk> = {
  vk: IconBrandVk,
  google: IconBrandGoogle,
  yandex: IconBrandYandex,
};

/**
 * Sign-in through the three default networks. While the links load the buttons are there but
 * inactive, so nothing moves when they arrive (the block is also part of the prerendered /login).
 * A network whose link the server left empty stays disabled and says so, so the visitor sees the
 * option exists but is unavailable now.
 */
export function SocialButtons() {
  const baseId = useId();
  const { data, isPending, isError } = useSocialLinks();
  const links = new Map((data ?? []).map((l) => [l.network_name, l.link]));
  const errorId = `${baseId}-error`;

  return (
    <Stack gap="xs" aria-busy={isPending || undefined}>
      <Divider label={m.socialTitle} labelPosition="center" />
      {SOCIAL_NETWORKS.map((network) => {
        const Icon = icons[network];
        const name = m.socialNames[network];
        const link = links.get(network);
        const icon = <Icon size={18} aria-hidden />;
        if (link)
          return (
            <Button key={network} component="a" href={link} variant="default" fullWidth leftSection={icon}>
              {m.socialSignIn(name)}
            </Button>
          );
        const unavailable = !isPending && !isError;
        const hintId = `${baseId}-${network}`;
        return (
          <Button
            key={network}
            variant="default"
            fullWidth
            disabled
            aria-describedby={unavailable ? hintId : isError ? errorId : undefined}
            leftSection={icon}
            rightSection={
              unavailable ? (
                <Text span size="xs" aria-hidden>
                  {m.socialUnavailableShort}
                </Text>
              ) : undefined
            }
          >
            {m.socialSignIn(name)}
          </Button>
        );
      })}
      {!isPending &&
        !isError &&
        SOCIAL_NETWORKS.filter((network) => !links.get(network)).map((network) => (
          <VisuallyHidden key={network} id={`${baseId}-${network}`}>
            {m.socialUnavailable(m.socialNames[network])}
          </VisuallyHidden>
        ))}
      {isError && (
        <Text id={errorId} size="sm" c="dimmed">
          {m.socialLoadFailed}
        </Text>
      )}
    </Stack>
  );
}
