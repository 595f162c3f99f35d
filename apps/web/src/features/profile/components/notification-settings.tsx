import {
  NOTIFICATION_CHANNEL_TITLES,
  NOTIFICATION_EVENT_TITLES,
  NOTIFICATION_EVENTS,
  type Profile,
} from '@cabinet/contract';
import { Alert, Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import { notify } from '../../../shared/notify';
import { errorText } from '../../../shared/ui/query-states';
import {
  useBrowserPushSubscribed,
  useNotificationSettings,
  useSaveNotificationSwitch,
} from '../notification-settings-api';
import { notificationSettingsMessages as m } from './notification-settings-messages';
import { ProfileSection } from './profile-form';

/**
 * Which kinds of event reach the customer over which channel (ADR 044): a table, a row per kind
 * and a column per channel the server offers, each cell a labelled checkbox saved when it changes.
 */
export function NotificationSettingsSection({ profile }: { profile: Pick<Profile, 'email_delivery'> }) {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSwitch();
  const pushSubscribed = useBrowserPushSubscribed();

  if (settings.isPending) return null;
  if (settings.isError) {
    return (
      <ProfileSection title={m.title}>
        <Alert color="red" role="alert">
          {m.loadError}
        </Alert>
      </ProfileSection>
    );
  }
  const { events, channels } = settings.data;
  const hintId = 'notification-settings-push-hint';
  const pushHint = channels.includes('push') && pushSubscribed === false;

  return (
    <ProfileSection title={m.title}>
      <Text size="sm">{m.intro}</Text>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="xs" horizontalSpacing="xs">
          <VisuallyHidden component="caption">{m.caption}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{m.event}</Table.Th>
              {channels.map((channel) => (
                <Table.Th
                  key={channel}
                  scope="col"
                  ta="center"
                  title={NOTIFICATION_CHANNEL_TITLES[channel]}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {m.column[channel]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NOTIFICATION_EVENTS.map((event) => (
              <Table.Tr key={event}>
                <Table.Th scope="row" fw="normal">
                  {NOTIFICATION_EVENT_TITLES[event]}
                </Table.Th>
                {channels.map((channel) => (
                  <Table.Td key={channel}>
                    <Checkbox
                      style={{ display: 'flex', justifyContent: 'center' }}
                      aria-label={m.switchLabel(
                        NOTIFICATION_EVENT_TITLES[event],
                        NOTIFICATION_CHANNEL_TITLES[channel],
                      )}
                      aria-describedby={channel === 'push' && pushHint ? hintId : undefined}
                      checked={events[event][channel]}
                      onChange={(e) => {
                        save.mutate(
                          { event, channel, on: e.currentTarget.checked },
                          {
                            onSuccess: () => notify.success(m.saved),
                            onError: (error) => notify.error(errorText(error)),
                          },
                        );
                      }}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pushHint ? (
        <Text id={hintId} size="sm" c="dimmed">
          {m.pushOffHere}
        </Text>
      ) : null}
      {!profile.email_delivery ? (
        <Text size="sm" c="dimmed">
          {m.emailOff}
        </Text>
      ) : null}
    </ProfileSection>
  );
}
