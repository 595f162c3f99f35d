import { Avatar, Box, Group, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCoins, IconLogout, IconUser, IconWallet } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { useFinances, useProfile } from '../../features/profile/api';
import { useAvatarUrl } from '../../features/profile/avatar-api';
import { formatCount, formatKopecks } from '../../shared/format';
import { paths } from '../../shared/paths';
import { IN_APP_SIGN_OUT } from '../../shared/sign-out';
import { ActionMenu } from '../../shared/ui/action-menu';
import { layoutMessages as m } from './messages';

/** The cabinet header's right side: the money and bonuses, and the avatar's menu. */

/** Money and bonus (kopecks) from `PATCH /api/client/profile/status/`; tapping opens the payments. */
export function Finances() {
  const { data, isPending, isError } = useFinances();
  if (isPending) return <Skeleton height={28} width={96} radius="xl" />;
  if (isError || !data) {
    return (
      <UnstyledButton component={Link} to={paths.payments.getHref()} aria-label={m.toPayments}>
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconWallet size={18} aria-hidden />
          <Text size="sm">{m.financesUnavailable}</Text>
        </Group>
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton component={Link} to={paths.payments.getHref()} title={m.toPayments}>
      <Group gap="sm" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <IconWallet size={18} aria-hidden />
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            <VisuallyHidden>{m.balance} </VisuallyHidden>
            {formatKopecks(data.money)}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap" visibleFrom="xs">
          <IconCoins size={18} aria-hidden />
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            <VisuallyHidden>{m.bonuses} </VisuallyHidden>
            {formatCount(data.bonus / 100, m.bonusForms)}
          </Text>
        </Group>
      </Group>
    </UnstyledButton>
  );
}

/** The avatar's button: the menu's target, and what stands in for the menu while its code loads. */
export function AvatarButton(props: ComponentProps<typeof UnstyledButton<'button'>>) {
  const { data: profile } = useProfile();
  const name = profile?.fio || profile?.email || '';
  const photo = useAvatarUrl(64);
  return (
    <UnstyledButton {...props}>
      {/* Initials are decoration; the hidden text names the button (an aria-label would not match the visible initials). */}
      <VisuallyHidden>{m.userMenu}</VisuallyHidden>
      <Avatar
        src={photo}
        alt=""
        name={name || undefined}
        variant="filled"
        radius="xl"
        size={36}
        aria-hidden
      />
    </UnstyledButton>
  );
}

/** The avatar's menu: who is signed in, the profile and «Выйти». */
export function UserMenu() {
  const { data: profile } = useProfile();
  return (
    <ActionMenu
      width={220}
      target={(props) => <AvatarButton {...props} />}
      header={
        profile && (profile.fio || profile.email) ? (
          <Box px="sm" py={6}>
            <Text size="sm" fw={600} truncate>
              {profile.fio || profile.email}
            </Text>
            {profile.fio && (
              <Text size="xs" c="dimmed" truncate>
                {profile.email}
              </Text>
            )}
          </Box>
        ) : undefined
      }
      items={[
        { label: m.profile, to: paths.profile.getHref(), icon: <IconUser size={16} aria-hidden /> },
        {
          label: m.logout,
          to: paths.logout.getHref(),
          state: IN_APP_SIGN_OUT,
          icon: <IconLogout size={16} aria-hidden />,
        },
      ]}
    />
  );
}
