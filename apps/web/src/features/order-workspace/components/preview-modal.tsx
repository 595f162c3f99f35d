import { Alert, Center, Loader, Modal } from '@mantine/core';
import type { WorkspaceFile } from '@cabinet/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { fetchBlob } from '../download';
import { workspaceText as t } from '../messages';
import { previewKind } from '../model';

type State = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; reason: string };

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
    fetchBlob(file.preview_url, { signal: controller.signal }).then(
      (blob) => {
        url = URL.createObjectURL(new Blob([blob], { type: kind === 'pdf' ? 'application/pdf' : file.mime }));
        setState({ status: 'ready', url });
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
      ) : kind === 'pdf' ? (
        <iframe src={state.url} title={file.name} style={{ width: '100%', height: '75vh', border: 0 }} />
      ) : (
        <img
          src={state.url}
          alt={file.name}
          style={{ maxWidth: '100%', height: 'auto', display: 'block', margin: '0 auto' }}
        />
      )}
    </Modal>
  );
}
