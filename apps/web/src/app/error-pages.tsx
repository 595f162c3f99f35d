import { Box, Button, Center, Code, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { useSupportPhone } from '../features/documents/company';
import { commonMessages, errorPageMessages as m } from '../shared/messages';

/**
 * Error screens stand outside the Public and Cabinet layouts (spec §2 lists them apart), so each
 * brings its own `main` landmark.
 */
export function ErrorScreen({
  code,
  title,
  text,
  actions,
}: {
  code?: string;
  title: string;
  text: string;
  actions: ReactNode;
}) {
  return (
    <Box component="main" mih="100dvh" bg="var(--app-canvas)" px="md">
      <Center mih="100dvh">
        <Stack align="center" ta="center" maw={480} gap="md" py="xl">
          {code && (
            <Text fz={64} fw={800} lh={1} c="var(--mantine-color-anchor)" aria-hidden>
              {code}
            </Text>
          )}
          <Title order={1}>{title}</Title>
          <Text>{text}</Text>
          <Group justify="center">{actions}</Group>
        </Stack>
      </Center>
    </Box>
  );
}

/** The Error route and every route's errorElement. */
export function AppErrorPage() {
  const error = useRouteError();
  const phone = useSupportPhone();
  return (
    <ErrorScreen
      title={m.appErrorTitle}
      text={m.appErrorText}
      actions={
        <Stack align="center" gap="md">
          <Group justify="center">
            <Button onClick={() => window.location.reload()}>{m.reload}</Button>
            {phone && (
              <Button component="a" href={phone.href} variant="default">
                <VisuallyHidden>{commonMessages.supportPhoneLabel}: </VisuallyHidden>
                {phone.label}
              </Button>
            )}
          </Group>
          {import.meta.env.DEV && error instanceof Error && (
            <Code block maw="100%" style={{ whiteSpace: 'pre-wrap', textAlign: 'start' }}>
              {error.message}
            </Code>
          )}
        </Stack>
      }
    />
  );
}
