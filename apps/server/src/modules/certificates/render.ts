import { certificatePdf, type CertificatePdfInput } from './pdf';

/** Runs in a thread of the document pool (plugins/documents.ts): the certificate's PDF. */
export default async function renderCertificate(input: CertificatePdfInput): Promise<Uint8Array> {
  return certificatePdf(input);
}
