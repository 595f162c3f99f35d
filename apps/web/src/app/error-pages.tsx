import { Box, Button, Center, Code, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useRouteError } from 'react-router';
import { refusedFrom, secondsUntilRetry } from '../shared/api/retry-after';
import { useSupportPhone } from '../features/documents/company';
import { commonMessages, errorPageMessages as m } from '../shared/messages';
import { paths } from '../shared/paths';

/**
 * Error screens stand outside the Public and Cabinet layouts (spec §2 lists them apart), so each
 * brings its own `main` landmark.
 */
function ErrorScreen({
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

export function NotFoundPage() {
  return (
    <ErrorScreen
      code={m.notFoundCode}
      title={m.notFoundTitle}
      text={m.notFoundText}
      actions={
        <Button component={Link} to={paths.home.getHref('active')}>
          {m.toHome}
        </Button>
      }
    />
  );
}

/** The wait the server asked for, in words: whole minutes, «less than a minute», or over. */
function waitText(seconds: number | null): string {
  if (seconds === null) return m.tooManyWaitUnknown;
  if (seconds <= 0) return m.tooManyWaitOver;
  if (seconds < 60) return m.tooManyWaitSeconds;
  return m.tooManyWaitMinutes(Math.round(seconds / 60));
}

/** Seconds until the refused request may be repeated, kept current while the screen is open. */
function useSecondsUntilRetry(): number | null {
  const [seconds, setSeconds] = useState(secondsUntilRetry);
  useEffect(() => {
    const timer = setInterval(() => setSeconds(secondsUntilRetry()), 5000);
    return () => clearInterval(timer);
  }, []);
  return seconds;
}

export function TooManyRequestsPage() {
  const navigate = useNavigate();
  const seconds = useSecondsUntilRetry();
  // Back to the screen whose request was refused (the sign-in screens keep the e-mail typed there).
  const retry = () => void navigate(refusedFrom() ?? paths.home.getHref('active'), { replace: true });
  return (
    <ErrorScreen
      code={m.tooManyCode}
      title={m.tooManyTitle}
      text={`${m.tooManyText} ${waitText(seconds)}`}
      actions={
        <>
          <Button onClick={retry}>{m.retry}</Button>
          <Button component={Link} to={paths.home.getHref('active')} variant="default">
            {m.toHome}
          </Button>
        </>
      }
    />
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
