import { Stack, Switch, Text } from '@mantine/core';
import type { Profile } from '@cabinet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../shared/ui/query-states';
import { notify } from '../../../shared/notify';
import { setSubscribed } from '../api';
import { profileMessages as m } from '../messages';

/** Spec §3 `unisender_status`: 1 is subscribed. The switch acts at once (POST or DELETE subscribe/). */
export function NewsletterSwitch({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const subscribed = profile.unisender_status.id === 1;
  return (
    <Stack gap={4}>
      <Switch
        label={m.newsletterLabel}
        checked={subscribed}
        disabled={pending}
        aria-describedby="newsletter-status"
        onChange={(event) => {
          const next = event.currentTarget.checked;
          setPending(true);
          setSubscribed(queryClient, next)
            .then(() => notify.success(next ? m.newsletterOn : m.newsletterOff))
            .catch((err: unknown) => notify.error(errorText(err)))
            .finally(() => setPending(false));
        }}
      />
      <Text id="newsletter-status" size="sm" c="dimmed" role="status">
        {profile.unisender_status.title}
      </Text>
    </Stack>
  );
}
