// Test-only: the workspace's routes as the app nests them, with a fake API behind apiFetch.
import { Notifications } from '@mantine/notifications';
import { vi } from 'vitest';
import ChatTab from '../order-chat/routes/chat-tab';
import CareTab from './routes/care-tab';
import FilesTab from './routes/files-tab';
import ReworksTab from './routes/reworks-tab';
import WorkspaceLayout from './routes/workspace-layout';
import { renderRoute } from '../../shared/ui/test-utils';

vi.setConfig({ testTimeout: 30_000 });

/** Renders `/order/:id` with the layout and its four tabs at `url`. */
export function renderWorkspace(url: string) {
  return renderRoute(
    <>
      <Notifications />
      <WorkspaceLayout />
    </>,
    {
      path: '/order/:id',
      url,
      children: [
        { path: 'chat', element: <ChatTab /> },
        { path: 'files', element: <FilesTab /> },
        { path: 'care', element: <CareTab /> },
        { path: 'reworks', element: <ReworksTab /> },
      ],
    },
  );
}
