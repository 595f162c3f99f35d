import { Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigation, useSubmit } from 'react-router';
import { paths } from '../../../shared/paths';
import { logoutScreenMessages as m } from '../logout-messages';
import { isInAppSignOut } from '../sign-out';

/**
 * /logout. Signing out is the route's action (a POST no other site can make): the app's own
 * «Выйти» link reaches it at once through its router state; an address opened any other way asks
 * first. The page stands outside the layouts, so it brings its own `main` landmark.
 */
export default function LogoutPage() {
  const inApp = isInAppSignOut(useLocation().state);
  const submit = useSubmit();
  const navigation = useNavigation();
  // Once: strict mode runs an effect twice, and a second sign-out would fail without a session.
  const submitted = useRef(false);

  useEffect(() => {
    if (!inApp || submitted.current) return;
    submitted.current = true;
    void submit(null, { method: 'post', replace: true });
  }, [inApp, submit]);

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
