import './app/mantine.css';
import '@mantine/notifications/styles.css';
import './shared/fonts.css';
import './app/theme.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { routerReady, TakeOver, watchPrerenderedInput, yieldToMain } from './app/prerendered';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { clearChunkLoadFlag, installChunkLoadErrorHandler } from './shared/chunk-load';
import { recordAttribution } from './shared/attribution';
import { startCounters } from './shared/counters';
import { registerServiceWorker } from './shared/pwa/register';
import { fetchWebFonts } from './shared/web-fonts';

// Spec §9: the tracking cookies, on every visit, before anything (auto-login, a guard) navigates
// away. In the entry, not a chunk of its own: every first visit needs it, and inside the entry it
// gzips 0.8 KB smaller than as a request apart (the /login budget, e2e/login-first-visit-budget).
recordAttribution({ url: window.location.href, referrer: document.referrer });
// Spec §1/§2: the analytics counters, loaded after the first paint; hits are queued until then.
void startCounters();
clearChunkLoadFlag();
installChunkLoadErrorHandler();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/**
 * Over a prerendered screen the visitor may already be typing: each step of the start gets a task
 * of its own, so that none holds the page up for long. (A function rather than top-level await,
 * which would make the bundler split the entry into many more chunks.)
 */
async function start(container: HTMLElement) {
  const typed = container.dataset.prerendered ? watchPrerenderedInput(container) : null;
  if (typed) await yieldToMain();
  const router = createAppRouter();

  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  if (!typed) {
    createRoot(container).render(app);
    fetchWebFonts(router);
    return;
  }
  // The server sent this screen prerendered (scripts/prerender.mjs). The app takes it over once the
  // guards have run and the screen's chunk is here, so the visitor never sees a spinner in between.
  // A transition renders in short slices and swaps the markup in one commit; what the visitor typed
  // meanwhile is carried over.
  const takenOver = () => {
    delete container.dataset.prerendered;
    typed.restore();
    fetchWebFonts(router);
  };
  await routerReady(router);
  await yieldToMain();
  const reactRoot = createRoot(container);
  startTransition(() => reactRoot.render(<TakeOver onTakenOver={takenOver}>{app}</TakeOver>));
}

void start(root);
// The installable app's worker (ADR 045), once the first screen is interactive.
registerServiceWorker();
