import { Button, Divider, Skeleton, Stack, Text } from '@mantine/core';
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
 * Sign-in through the three default networks. A network whose link the server left empty is
 * shown disabled with a hint, so the visitor sees the option exists but is unavailable now.
 */
export function SocialButtons() {
  const hintId = useId();
  const { data, isPending, isError } = useSocialLinks();
  const links = new Map((data ?? []).map((l) => [l.network_name, l.link]));
  const unavailable = SOCIAL_NETWORKS.filter((n) => !links.get(n));

  let hint: string | null = null;
  if (isError) hint = m.socialLoadFailed;
  else if (!isPending && unavailable.length > 0)
    hint = m.socialUnavailable(unavailable.map((n) => m.socialNames[n]).join(', '));

  return (
    <Stack gap="xs">
      <Divider label={m.socialTitle} labelPosition="center" />
      {SOCIAL_NETWORKS.map((network) => {
        const Icon = icons[network];
        const label = m.socialSignIn(m.socialNames[network]);
        const link = links.get(network);
        if (isPending) return <Skeleton key={network} height={36} radius="md" />;
        return link ? (
          <Button
            key={network}
            component="a"
            href={link}
            variant="default"
            fullWidth
            leftSection={<Icon size={18} aria-hidden />}
          >
            {label}
          </Button>
        ) : (
          <Button
            key={network}
            variant="default"
            fullWidth
            disabled
            aria-describedby={hint ? hintId : undefined}
            leftSection={<Icon size={18} aria-hidden />}
          >
            {label}
          </Button>
        );
      })}
      {hint && (
        <Text id={hintId} size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
