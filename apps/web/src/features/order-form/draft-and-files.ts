import type { Draft, Order } from '@cabinet/contract';
import { useEffect, useState } from 'react';
import { UploadList, type FilePlace } from '../../shared/ui/upload-list';
import type { ServerForm } from '../../shared/ui/use-server-form';
import { createDraft, deleteOrderFile, updateDraft, uploadOrderFile } from './api';
import { DraftSaver, type DraftSaveStatus } from './draft-saver';
import { orderFormMessages as m } from './messages';
import { toDraftPayload, type OrderFormMode, type OrderFormValues } from './model';

const DRAFT_DEBOUNCE_MS = 800;

function initialFiles(
  draft?: Draft,
  order?: Order,
): Array<{ file: Draft['files'][number]; place: FilePlace }> {
  if (draft) return draft.files.map((file) => ({ file, place: { draftId: draft.id } }));
  if (order) return order.files.map((file) => ({ file, place: 'order' }));
  return [];
}

/**
 * The order's files and, for a new or continued order, its server-side draft saved as the customer
 * types (an edited order has none). The two need each other: new files go to the draft once it
 * exists, and the draft takes the files uploaded before it.
 */
export function useDraftAndFiles(
  form: ServerForm<OrderFormValues>,
  mode: OrderFormMode,
  draft: Draft | undefined,
  order: Order | undefined,
): { uploads: UploadList; saver: DraftSaver | null; draftStatus: DraftSaveStatus } {
  const [draftStatus, setDraftStatus] = useState<DraftSaveStatus>('idle');
  const { getValues, subscribe } = form;
  const [{ uploads, saver }] = useState(() => {
    let saverOf: DraftSaver | null = null;
    const list = new UploadList(
      {
        target: () => (saverOf?.draftId == null ? 'pending' : { draftId: saverOf.draftId }),
        upload: uploadOrderFile,
        remove: deleteOrderFile,
        onUploaded: () => saverOf?.schedule(),
        cancelReason: m.uploadCancelled,
      },
      initialFiles(draft, order),
    );
    if (mode !== 'edit') {
      saverOf = new DraftSaver(
        {
          read: () => toDraftPayload(getValues(), list.pendingIds()),
          create: createDraft,
          update: updateDraft,
          onStatus: setDraftStatus,
          onSaved: (saved, sent) => list.attach(sent.files ?? [], { draftId: saved.id }),
          delayMs: DRAFT_DEBOUNCE_MS,
        },
        draft?.id ?? null,
        toDraftPayload(getValues(), []),
      );
    }
    return { uploads: list, saver: saverOf };
  });

  useEffect(() => {
    if (!saver) return;
    saver.resume();
    const unsubscribe = subscribe(() => saver.schedule());
    return () => {
      unsubscribe();
      void saver.stop();
    };
  }, [saver, subscribe]);

  return { uploads, saver, draftStatus };
}
