import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@cabinet/contract';
import { useState } from 'react';
import { notify } from '../../../shared/notify';
import { FormAlert } from '../../../shared/ui/form-alert';
import { applyServerErrors } from '../../../shared/ui/form-errors';
import { addFilesWithoutQc, deleteOrderFile, uploadOrderFile } from '../api';
import { orderFormMessages as m } from '../messages';
import { UploadList } from '../../../shared/ui/upload-list';
import { FilesField } from '../../../shared/ui/files-field';

/** An order past editing: only files without quality control can still be added. */
export function NotEditableOrder({ order }: { order: Order }) {
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploads] = useState(
    () =>
      new UploadList({
        target: () => 'pending',
        upload: uploadOrderFile,
        remove: deleteOrderFile,
        cancelReason: m.uploadCancelled,
      }),
  );

  const add = async () => {
    setAlert(null);
    if (uploads.isUploading()) return setAlert(m.filesUploading);
    const ids = uploads.pendingIds();
    if (ids.length === 0) return setAlert(m.noFilesToAdd);
    setBusy(true);
    try {
      await addFilesWithoutQc(order.id, ids);
      uploads.attach(ids, 'order');
      notify.success(m.filesWithoutQcAdded);
    } catch (err) {
      setAlert(applyServerErrors(err, () => undefined, []));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{m.editTitle}</Title>
      <Alert color="yellow" title={m.notEditableTitle}>
        <Text size="sm">{m.notEditableText}</Text>
      </Alert>
      <FilesField list={uploads} />
      <FormAlert message={alert} />
      <Button onClick={() => void add()} loading={busy} style={{ alignSelf: 'flex-start' }}>
        {m.addFilesWithoutQc}
      </Button>
    </Stack>
  );
}
