/**
 * What an uploaded file is, told by its content (magic bytes) rather than by the name or the
 * Content-Type the browser sends, against the allow-list of documents, images and archives a
 * customer sends with an order. Containers shared by several formats (OLE for DOC/XLS/PPT, zip
 * for DOCX/XLSX/PPTX/ODT) take their exact type from the extension once the container is proven.
 */

/** Enough bytes for every signature below. */
export const SNIFF_BYTES = 16;

const OLE_TYPES: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const ZIP_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

const SIGNATURES: ReadonlyArray<{ bytes: number[]; at?: number; mime: string | ((ext: string) => string) }> =
  [
    { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], mime: 'application/pdf' }, // %PDF-
    {
      bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
      mime: (ext) => OLE_TYPES[ext] ?? 'application/x-ole-storage',
    },
    { bytes: [0x50, 0x4b, 0x03, 0x04], mime: (ext) => ZIP_TYPES[ext] ?? 'application/zip' },
    { bytes: [0x50, 0x4b, 0x05, 0x06], mime: (ext) => ZIP_TYPES[ext] ?? 'application/zip' }, // empty zip
    { bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66], mime: 'application/rtf' }, // {\rtf
    { bytes: [0xff, 0xd8, 0xff], mime: 'image/jpeg' },
    { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], mime: 'image/png' },
    { bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61], mime: 'image/gif' }, // GIF87a
    { bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], mime: 'image/gif' }, // GIF89a
    { bytes: [0x57, 0x45, 0x42, 0x50], at: 8, mime: 'image/webp' }, // RIFF....WEBP, RIFF checked below
    { bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], mime: 'application/vnd.rar' }, // Rar!
    { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], mime: 'application/x-7z-compressed' },
  ];

const RIFF = [0x52, 0x49, 0x46, 0x46];

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The MIME type of a binary format on the allow-list, or null (the file may still be plain text). */
export function sniffBinary(head: Uint8Array, name: string): string | null {
  for (const sig of SIGNATURES) {
    if (!startsWith(head, sig.bytes, sig.at)) continue;
    if (sig.at !== undefined && !startsWith(head, RIFF)) continue;
    return typeof sig.mime === 'string' ? sig.mime : sig.mime(extensionOf(name));
  }
  return null;
}

/**
 * Plain text in UTF-8 or CP1251, checked chunk by chunk as the file streams past: no NULs or
 * other control characters than tab, line breaks and form feed. A file that is not valid UTF-8
 * is read as CP1251, where every byte but 0x98 is a character.
 */
export class TextCheck {
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private isUtf8 = true;
  private hasControl = false;
  private hasCp1251Hole = false;

  push(chunk: Uint8Array): void {
    if (this.hasControl) return;
    for (const b of chunk) {
      if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f) {
        this.hasControl = true;
        return;
      }
      if (b === 0x98) this.hasCp1251Hole = true;
    }
    if (this.isUtf8) {
      try {
        this.utf8.decode(chunk, { stream: true });
      } catch {
        this.isUtf8 = false;
      }
    }
  }

  isText(): boolean {
    if (this.hasControl) return false;
    if (this.isUtf8) {
      try {
        this.utf8.decode();
      } catch {
        this.isUtf8 = false;
      }
    }
    return this.isUtf8 || !this.hasCp1251Hole;
  }
}

/**
 * The name kept for download: no directories, no control or invisible formatting characters
 * (which can disguise an extension), at most 200 characters. It is shown and sent back in
 * Content-Disposition, never used as a path.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!clean) return 'file';
  if (clean.length <= 200) return clean;
  const ext = extensionOf(clean);
  return ext && ext.length < 10 ? `${clean.slice(0, 199 - ext.length)}.${ext}` : clean.slice(0, 200);
}
