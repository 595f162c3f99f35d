import { Alert, Button, Center, Group, Loader, Modal } from '@mantine/core';
import type { WorkspaceFile } from '@cabinet/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { requestBlob, saveBlob } from '../download';
import { workspaceText as t } from '../messages';
import { previewKind } from '../model';

type State =
  { status: 'loading' } | { status: 'ready'; url: string; blob: Blob } | { status: 'failed'; reason: string };

/**
 * The preview in a tab of its own, titled with the file's name: a blob: URL opened as it is would
 * show its UUID as the tab's title. An empty page of this origin gets the title and the file in a
 * frame (the CSP's `frame-src` allows `blob:`); its own blob URL goes when the tab does.
 */
export function openPreviewTab(blob: Blob, name: string, kind: 'pdf' | 'image'): boolean {
  const tab = window.open('', '_blank');
  if (!tab) return false;
  const url = URL.createObjectURL(blob);
  const doc = tab.document;
  doc.title = name;
  doc.documentElement.lang = 'ru';
  doc.body.style.margin = '0';
  const view = doc.createElement(kind === 'pdf' ? 'iframe' : 'img');
  view.setAttribute(kind === 'pdf' ? 'title' : 'alt', name);
  Object.assign(view.style, { display: 'block', border: '0', width: '100%' });
  if (kind === 'pdf') view.style.height = '100vh';
  view.setAttribute('src', url);
  doc.body.append(view);
  tab.addEventListener('pagehide', () => URL.revokeObjectURL(url));
  return true;
}

/**
 * An image or a PDF shown in the page. The preview is fetched with the customer's token and shown
 * from a blob URL whose type is set here (PDF or image, never anything a browser would run): an
 * `<img>` cannot run script, and a PDF opens in the browser's own viewer in an iframe — not
 * sandboxed (Chromium's viewer refuses a sandboxed frame), and not an `<object>`, which the CSP's
 * `object-src 'none'` blocks; `frame-src` allows `blob:` for this.
 */
export function PreviewModal({ file, onClose }: { file: WorkspaceFile; onClose: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const kind = previewKind(file);

  useEffect(() => {
    if (!file.preview_url) return;
    const controller = new AbortController();
    let url: string | null = null;
    requestBlob(file.preview_url, { signal: controller.signal }).then(
      (blob) => {
        const typed = new Blob([blob], { type: kind === 'pdf' ? 'application/pdf' : file.mime });
        url = URL.createObjectURL(typed);
        setState({ status: 'ready', url, blob: typed });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', reason: error instanceof ApiError ? error.message : t.previewFailed });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.preview_url, file.mime, kind]);

  return (
    <Modal opened onClose={onClose} title={file.name} size="xl" closeButtonProps={{ 'aria-label': t.close }}>
      {state.status === 'loading' ? (
        <Center py="xl">
          <Loader aria-label={t.preview} />
        </Center>
      ) : state.status === 'failed' ? (
        <Alert color="red" role="alert" title={t.previewFailed}>
          {state.reason}
        </Alert>
      ) : (
        <>
          {/* The browser's PDF viewer names its own download after the blob's UUID: these use the file's name. */}
          <Group gap="xs" mb="sm">
            <Button size="xs" variant="light" onClick={() => saveBlob(state.blob, file.name)}>
              {t.download}
            </Button>
            {kind ? (
              <Button size="xs" variant="default" onClick={() => openPreviewTab(state.blob, file.name, kind)}>
                {t.openInTab}
              </Button>
            ) : null}
          </Group>
          {kind === 'pdf' ? (
            <iframe src={state.url} title={file.name} style={{ width: '100%', height: '75vh', border: 0 }} />
          ) : (
            <img
              src={state.url}
              alt={file.name}
              style={{ maxWidth: '100%', height: 'auto', display: 'block', margin: '0 auto' }}
            />
          )}
        </>
      )}
    </Modal>
  );
}
