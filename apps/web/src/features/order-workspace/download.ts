import { api } from '@cabinet/contract';
import { downloadBlob, requestBlob, type BlobRequest } from '../../shared/api/blob';

export { requestBlob, saveBlob } from '../../shared/api/blob';

export function downloadFile(file: { download_url: string; name: string }): Promise<void> {
  return downloadBlob(file.download_url, file.name);
}

/** `POST {id}/files/download-zip/`: every file of the order as one zip, streamed. */
export function fetchZip(
  orderId: number | string,
  options: Pick<BlobRequest, 'signal' | 'onProgress'>,
): Promise<Blob> {
  return requestBlob(api.orders.downloadZip(orderId), { ...options, method: 'POST', body: {} });
}
