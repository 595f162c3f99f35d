import { Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, Navigate, useLocation, useNavigation, useSubmit } from 'react-router';
import { isInAppSignOut } from '../sign-out';
import { signOutMessages as m } from './sign-out-messages';

export interface SignOutScreenProps {
  /** Whether there is a session to sign out of; read once, on arrival. */
  signedIn: () => boolean;
  /** Where a visitor goes: there is nothing to sign out of. */
  loginHref: string;
  /** The lead under the question: what happened, what to do. */
  text: string;
  /** The way back for a signed-in person who did not mean to sign out. */
  back: { href: string; label: string };
}

/**
 * The screen of a sign-out route (/logout, /staff/logout), whose action signs out: the app's own
 * «Выйти» link reaches the action at once through its router state; an address opened any other
 * way asks first, since a POST is what a link from another site cannot make. The page stands
 * outside the layouts, so it brings its own `main` landmark.
 */
export function SignOutScreen({ signedIn, loginHref, text, back }: SignOutScreenProps) {
  const inApp = isInAppSignOut(useLocation().state);
  const submit = useSubmit();
  const navigation = useNavigation();
  // Decided on arrival: signing out here clears the session before the action leaves the page.
  const [visitor] = useState(() => !signedIn());
  // Once: strict mode runs an effect twice, and a second sign-out would fail without a session.
  const submitted = useRef(false);

  useEffect(() => {
    if (!inApp || visitor || submitted.current) return;
    submitted.current = true;
    void submit(null, { method: 'post', replace: true });
  }, [inApp, visitor, submit]);

  if (visitor) return <Navigate to={loginHref} replace />;
  if (inApp) return null;
  const signingOut = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <Box component="main" mih="100dvh" bg="var(--app-canvas)" px="md">
      <Center mih="100dvh">
        <Stack align="center" ta="center" maw={480} gap="md" py="xl">
          <Title order={1}>{m.title}</Title>
          <Text>{text}</Text>
          <Form method="post" replace>
            <Group justify="center">
              {/* The one thing to decide here: the keyboard starts on it. */}
              <Button type="submit" loading={signingOut} autoFocus>
                {m.confirm}
              </Button>
              <Button component={Link} to={back.href} variant="default">
                {back.label}
              </Button>
            </Group>
          </Form>
        </Stack>
      </Center>
    </Box>
  );
}
