import { Notifications } from '@mantine/notifications';

/** The snackbar host, in its own chunk: it is mounted when the first snackbar is shown. */
export default function NotificationsHost() {
  return <Notifications position="top-center" zIndex={1000} />;
}
