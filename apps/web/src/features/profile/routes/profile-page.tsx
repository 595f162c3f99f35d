import { Alert, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { useProfile } from '../api';
import { AvatarEditor } from '../components/avatar-editor';
import { BrowserPushControl } from '../components/browser-push-control';
import { CallbackForm } from '../components/callback-form';
import { NotificationSettingsSection } from '../components/notification-settings';
import { ProfileForm } from '../components/profile-form';
import { SocialLinks } from '../components/social-links';
import { TelegramSection } from '../components/telegram-section';
import { profileMessages as m } from '../messages';
import { useDismissedHint } from '../session-store';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { TitlePageButton } from '../../../shared/title-page';

const FILL_HINT = 'profile-fill';

/** Asks for the study fields once; closing it is remembered in the session store (any device). */
function FillHint() {
  const [dismissed, dismiss] = useDismissedHint(FILL_HINT);
  if (dismissed !== false) return null;
  return (
    <Alert color="brand" variant="light">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm">{m.fillHint}</Text>
        <CloseButton aria-label={m.fillHintClose} onClick={dismiss} />
      </Group>
    </Alert>
  );
}

export default function ProfilePage() {
  const profile = useProfile();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{m.profileTitle}</Title>
      <AvatarEditor />
      {profile.isPending ? (
        <LoadingRows rows={6} label={m.profileTitle} />
      ) : profile.isError ? (
        <LoadError title={m.profileLoadError} error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          {!profile.data.university || !profile.data.group_header ? <FillHint /> : null}
          <ProfileForm profile={profile.data} />
          <SocialLinks />
          <BrowserPushControl />
          <TelegramSection />
          <NotificationSettingsSection profile={profile.data} />
          <CallbackForm phone={profile.data.phone} />
          <Group>
            <TitlePageButton />
          </Group>
        </>
      )}
    </Stack>
  );
}
