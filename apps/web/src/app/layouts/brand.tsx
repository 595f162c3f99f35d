import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { commonMessages } from '../../shared/messages';

/** The service mark and name; the name hides on phones when `compact`, leaving room in the header. */
export function Brand({ to, compact = false }: { to: string; compact?: boolean }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={compact ? commonMessages.serviceName : undefined}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={32} radius="md" aria-hidden>
          <IconSchool size={20} />
        </ThemeIcon>
        <Text fw={700} size="lg" visibleFrom={compact ? 'sm' : undefined}>
          {commonMessages.serviceName}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
