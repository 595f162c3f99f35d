import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { notify } from '../../../shared/notify';
import { errorText } from '../../../shared/ui/query-states';
import {
  disablePush,
  enablePush,
  PushPermissionDenied,
  readPushState,
  type BrowserPushState,
  type PushServer,
} from '../browser-push';
import { browserPushSubscribedKey, useNotificationSettings } from '../notification-settings-api';
import { createPushSubscription, deletePushSubscription, getVapidPublicKey } from '../push-api';
import { browserPushMessages as m } from './browser-push-messages';
import { ProfileSection } from './profile-form';

/** A button whose label may take two lines (its height follows). */
const WRAPPING = {
  root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%', paddingBlock: 6 },
  label: { whiteSpace: 'normal' as const },
};

const server: PushServer = {
  getKey: getVapidPublicKey,
  save: createPushSubscription,
  forget: deletePushSubscription,
};

/**
 * «Включить уведомления в браузере» / «Отключить»: web push for this browser. The browser asks
 * for the permission only when the button is pressed, never on its own. Not shown where the server
 * offers no push (its settings list no such channel: ADR 044).
 */
export function BrowserPushControl({ pushServer = server }: { pushServer?: PushServer }) {
  const [state, setState] = useState<BrowserPushState | null>(null);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const settings = useNotificationSettings();

  useEffect(() => {
    let live = true;
    readPushState().then(
      (next) => live && setState(next),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  if (state === null || (settings.data && !settings.data.channels.includes('push'))) return null;

  // The settings' push column says whether this browser is subscribed: it reads again.
  const switched = (next: BrowserPushState) => {
    setState(next);
    void queryClient.invalidateQueries({ queryKey: browserPushSubscribedKey });
  };

  const enable = () => {
    setPending(true);
    enablePush(pushServer)
      .then(() => {
        switched('on');
        notify.success(m.enabled);
      })
      .catch((error: unknown) => {
        if (error instanceof PushPermissionDenied) setState('denied');
        else notify.error(error instanceof ApiError ? errorText(error) : m.failed);
      })
      .finally(() => setPending(false));
  };
  const disable = () => {
    setPending(true);
    disablePush(pushServer)
      .then(() => {
        switched('off');
        notify.success(m.disabled);
      })
      .catch((error: unknown) => notify.error(errorText(error)))
      .finally(() => setPending(false));
  };

  return (
    <ProfileSection title={m.title}>
      <Text size="sm">{m.hint}</Text>
      {state === 'unsupported' ? (
        <Text size="sm" c="dimmed">
          {m.unsupported}
        </Text>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" gap="sm">
            <Text size="sm" role="status">
              {state === 'on' ? m.on : m.off}
            </Text>
            {state === 'on' ? (
              <Button
                variant="default"
                leftSection={<IconBellOff size={16} aria-hidden />}
                loading={pending}
                onClick={disable}
              >
                {m.disable}
              </Button>
            ) : (
              <Button
                leftSection={<IconBell size={16} aria-hidden />}
                loading={pending}
                onClick={enable}
                // A phone's 360 px cannot hold the label on one line: it wraps inside the button.
                styles={WRAPPING}
              >
                {m.enable}
              </Button>
            )}
          </Group>
          {state === 'denied' ? (
            <Alert color="yellow" role="alert" p="xs">
              {m.denied}
            </Alert>
          ) : null}
        </Stack>
      )}
    </ProfileSection>
  );
}
