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
 * Tags that make text a page, an image or a document a browser renders and runs scripts of (HTML,
 * SVG, XML with a stylesheet), anywhere in the file: a browser that guesses the type finds them
 * past the first bytes too. Element names need a space, `/` or `>` after them, and a link its
 * `href`, so that prose such as «<a и b>» stays text.
 */
const MARKUP_TAG =
  /<(?:!doctype|\?xml|xsl:|(?:html|head|body|script|iframe|frameset|frame|object|embed|svg|math|style|link|meta|base|form|img)[\s/>]|a\s+href)/;
/** Longer than any match of MARKUP_TAG, kept from one chunk to find a tag split between two. */
const TAG_OVERLAP = 16;

/** How a file opens as markup (`<` and a tag) or as JavaScript (what its code begins with). */
const MARKUP_START = /^<[a-z!?/]/;
const SCRIPT_START =
  /^(?:#!|\/\/|\/\*|['"]use strict['"]|(?:function|var|let|const|import|export|class|async)\s|\(\s*function|!function|window\.|document\.|module\.exports|require\(|define\()/;
/** Enough of the file's first non-blank characters for both. */
const START_CHARS = 32;

/**
 * Names a browser opens as a page, or a desktop runs as a script on a double click, whatever
 * their content: a text file is never stored under one of them.
 */
const SCRIPT_EXTENSIONS = new Set([
  ...'htm html xhtml shtml mht mhtml svg svgz xml xsl xslt'.split(' '),
  ...'js mjs cjs jse vbs vbe wsf wsh hta bat cmd ps1 reg url'.split(' '),
]);

/**
 * Plain text in UTF-8 or CP1251, checked chunk by chunk as the file streams past: no NULs or
 * other control characters than tab, line breaks and form feed. A file that is not valid UTF-8
 * is read as CP1251, where every byte but 0x98 is a character. Markup and scripts are text too,
 * and are told apart ({@link TextCheck.isMarkup}): their characters are ASCII in both encodings.
 */
export class TextCheck {
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private isUtf8 = true;
  private hasControl = false;
  private hasCp1251Hole = false;
  private hasTag = false;
  /** The file's first characters past a byte-order mark and blanks, lower-cased. */
  private start = '';
  private tail = '';

  push(chunk: Uint8Array): void {
    if (this.hasControl) return;
    this.scanMarkup(chunk);
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

  /** Whether the text is HTML, SVG, XML or JavaScript, by its content or by its name. */
  isMarkup(name: string): boolean {
    return (
      this.hasTag ||
      MARKUP_START.test(this.start) ||
      SCRIPT_START.test(this.start) ||
      SCRIPT_EXTENSIONS.has(extensionOf(name))
    );
  }

  private scanMarkup(chunk: Uint8Array): void {
    const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      .toString('latin1')
      .toLowerCase();
    if (this.start.length < START_CHARS) {
      const lead = this.start === '' ? text.replace(/^\u00ef\u00bb\u00bf/, '').trimStart() : text;
      this.start = (this.start + lead).slice(0, START_CHARS);
    }
    if (this.hasTag) return;
    const window = this.tail + text;
    this.hasTag = MARKUP_TAG.test(window);
    this.tail = window.slice(-TAG_OVERLAP);
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
