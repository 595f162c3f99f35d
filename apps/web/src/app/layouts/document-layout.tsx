import { Box, Button, Container, Group, Paper, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useIsAuthenticated } from '../../features/auth/store';
import { paths } from '../../shared/paths';
import { ColorSchemeToggle } from '../../shared/ui/color-scheme-toggle';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/skip-link';
import { Brand } from './brand';
import { DocumentLinks } from './document-links';
import { layoutMessages as m } from './messages';

/** The public documents: a readable column, a way back, links to the other documents. */
export default function DocumentLayout() {
  const authenticated = useIsAuthenticated();
  const navigate = useNavigate();
  const location = useLocation();
  const home = authenticated ? paths.home.getHref('active') : paths.login.getHref();
  // Opened from the registration form the reader wants that form back; opened directly, go home.
  const hasHistory = location.key !== 'default';

  return (
    <Box mih="100dvh" bg="var(--app-canvas)" px="sm" py={{ base: 'md', sm: 'xl' }}>
      <SkipLink />
      <Container size={760} px={0}>
        <Stack gap="md">
          <Group component="header" justify="space-between" wrap="nowrap">
            <Brand to={home} compact />
            <Group gap="xs" wrap="nowrap">
              {hasHistory ? (
                <Button
                  variant="subtle"
                  leftSection={<IconArrowLeft size={18} aria-hidden />}
                  onClick={() => void navigate(-1)}
                >
                  {m.back}
                </Button>
              ) : (
                <Button
                  component={Link}
                  to={home}
                  variant="subtle"
                  leftSection={<IconArrowLeft size={18} aria-hidden />}
                >
                  {m.home}
                </Button>
              )}
              <ColorSchemeToggle />
            </Group>
          </Group>
          <Paper
            component="main"
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'xl' }}
            bg="var(--app-surface)"
          >
            <Outlet />
          </Paper>
          <Box component="footer">
            <DocumentLinks />
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
