import { Box, Group, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { paths } from '../../shared/paths';
import { ColorSchemeToggle } from '../../shared/ui/color-scheme-toggle';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/skip-link';
import { Brand } from './brand';
import { DocumentLinks } from './document-links';
import { TestPaymentsRibbon } from './test-payments-ribbon';

/** Visitor screens: the service name, a centred card (≤ 420 px) with the form, the documents. */
export default function PublicLayout() {
  return (
    <Box mih="100dvh" bg="var(--app-canvas)" px="sm" py={{ base: 'md', sm: 'xl' }}>
      <SkipLink />
      <Stack maw={420} mx="auto" gap="md">
        <Group component="header" justify="space-between" wrap="nowrap">
          <Brand to={paths.login.getHref()} />
          <ColorSchemeToggle />
        </Group>
        <TestPaymentsRibbon />
        <Paper
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          withBorder
          shadow="sm"
          radius="lg"
          p={{ base: 'md', xs: 'xl' }}
          bg="var(--app-surface)"
        >
          <Outlet />
        </Paper>
        <Box component="footer">
          <DocumentLinks />
        </Box>
      </Stack>
    </Box>
  );
}
