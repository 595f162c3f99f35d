import { useState } from 'react';
import { uploadMessages } from '../../../shared/ui/upload-messages';
import { UploadList } from '../../../shared/ui/upload-list';
import { deletePendingFile, uploadPendingFile } from '../api';

/** The files of a rework or care form: pending uploads the request then names by id. */
export function usePendingUploads(): UploadList {
  const [list] = useState(
    () =>
      new UploadList({
        target: () => 'pending',
        upload: (_target, file, options) => uploadPendingFile(file, options),
        remove: (_target, fileId) => deletePendingFile(fileId),
        cancelReason: uploadMessages.uploadCancelled,
      }),
  );
  return list;
}
