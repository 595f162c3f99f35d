import { api, type TitlePageRequest } from '@cabinet/contract';
import { requestBlob } from '../api/blob';

/** `POST title_page/`: the file, fetched with the customer's token through the one API client's rules. */
export function createTitlePage(body: TitlePageRequest, signal?: AbortSignal): Promise<Blob> {
  return requestBlob(api.content.titlePage, { body, signal });
}
