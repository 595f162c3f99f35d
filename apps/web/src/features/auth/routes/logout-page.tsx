import { Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, Navigate, replace, useLocation, useNavigation, useSubmit } from 'react-router';
import { getAccessToken } from '../../../shared/auth/session';
import { paths } from '../../../shared/paths';
import { logout } from '../api';
import { logoutScreenMessages as m } from '../logout-messages';
import { isInAppSignOut } from '../sign-out';

/**
 * /logout's action: signing out is a POST of the app's own (its «Выйти», this page's button), which
 * a link from another site cannot make. Spec §8: a failed sign-out is logged and goes to /404.
 */
export async function action(): Promise<never> {
  try {
    await logout();
  } catch (error) {
    console.error('Не удалось выйти', error);
    throw replace(paths.notFound.path);
  }
  throw replace(paths.login.getHref());
}

function signedIn(): boolean {
  try {
    return getAccessToken() !== null;
  } catch {
    return false;
  }
}

/**
 * /logout: the app's own «Выйти» link reaches the action at once through its router state; an
 * address opened any other way asks first. A visitor has nothing to sign out of and goes to
 * /login. The page stands outside the layouts, so it brings its own `main` landmark.
 */
export default function LogoutPage() {
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

  if (visitor) return <Navigate to={paths.login.getHref()} replace />;
  if (inApp) return null;
  const signingOut = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <Box component="main" mih="100dvh" bg="var(--app-canvas)" px="md">
      <Center mih="100dvh">
        <Stack align="center" ta="center" maw={480} gap="md" py="xl">
          <Title order={1}>{m.title}</Title>
          <Text>{m.text}</Text>
          <Form method="post" replace>
            <Group justify="center">
              {/* The one thing to decide here: the keyboard starts on it. */}
              <Button type="submit" loading={signingOut} autoFocus>
                {m.confirm}
              </Button>
              <Button component={Link} to={paths.home.getHref()} variant="default">
                {m.back}
              </Button>
            </Group>
          </Form>
        </Stack>
      </Center>
    </Box>
  );
}
