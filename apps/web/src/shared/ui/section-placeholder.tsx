import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';

const IN_PROGRESS = 'Раздел в разработке';

type SectionLink = { label: string; to: string };

type Props = {
  title: string;
  /** Sibling sections (tabs) so that navigation works before the screens exist. */
  links?: readonly SectionLink[];
  /** Accessible name of the links' navigation landmark. */
  linksLabel?: string;
};

/** An honest stand-in for a screen a later issue builds: its title and a note, nothing fake. */
export function SectionPlaceholder({ title, links, linksLabel }: Props) {
  const { pathname } = useLocation();
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {links && links.length > 0 && (
        <Group component="nav" aria-label={linksLabel ?? title} gap="xs" wrap="wrap">
          {links.map((link) => (
            <Button
              key={link.to}
              component={NavLink}
              to={link.to}
              variant={pathname === link.to ? 'filled' : 'light'}
              size="sm"
            >
              {link.label}
            </Button>
          ))}
        </Group>
      )}
      <Text c="dimmed">{IN_PROGRESS}</Text>
    </Stack>
  );
}
