import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './shared/fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { clearChunkLoadFlag, installChunkLoadErrorHandler } from './shared/chunk-load';

clearChunkLoadFlag();
installChunkLoadErrorHandler();
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
