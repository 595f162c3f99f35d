import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { markChunkLoadFailed } from '../shared/chunk-load';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

function NoSnackbars() {
  return null;
}

const NotificationsHost = lazy<ComponentType>(() =>
  import('./notifications-host').then(
    // Vite resolves a failed chunk with `undefined` once the failure was handled (shared/chunk-load).
    (module) => module ?? { default: NoSnackbars },
    () => {
      markChunkLoadFailed();
      return { default: NoSnackbars };
    },
  ),
);

/**
 * Mounts the snackbar host once there is a snackbar to show: its transitions and portal are not
 * needed to paint the first screen. The notifications store lives outside React, so a snackbar
 * shown before the host has loaded is displayed as soon as it has.
 */
function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <NotificationsOnDemand />
      {children}
    </MantineProvider>
  );
}
