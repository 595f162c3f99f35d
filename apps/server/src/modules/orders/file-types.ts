import { fileTypeFromBuffer } from 'file-type';

/**
 * What an uploaded file is, told by its content rather than by the name or the Content-Type the
 * browser sends, against the allow-list of documents, images and archives a customer sends with
 * an order. Binary formats are recognised by the maintained `file-type` package (signatures and
 * the structure behind them); containers shared by several formats (OLE for DOC/XLS/PPT, zip for
 * DOCX/XLSX/PPTX/ODT when their parts lie past the bytes read) take their exact type from the
 * extension once the container is proven.
 */

/** What `file-type` reads at most to tell a format (its `reasonableDetectionSizeInBytes`). */
export const SNIFF_BYTES = 4100;

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

/** The allowed formats by `file-type`'s extension, and the type stored for each. */
const ALLOWED: Record<string, (ext: string) => string | null> = {
  pdf: () => 'application/pdf',
  // Installers (MSI) are OLE containers too: only the Office names are taken.
  cfb: (ext) => OLE_TYPES[ext] ?? null,
  zip: (ext) => ZIP_TYPES[ext] ?? 'application/zip',
  ...Object.fromEntries(Object.entries(ZIP_TYPES).map(([type, mime]) => [type, () => mime])),
  rtf: () => 'application/rtf',
  jpg: () => 'image/jpeg',
  png: () => 'image/png',
  gif: () => 'image/gif',
  webp: () => 'image/webp',
  rar: () => 'application/vnd.rar',
  '7z': () => 'application/x-7z-compressed',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The MIME type of a binary format on the allow-list, told from the file's first bytes
 * ({@link SNIFF_BYTES}); null for anything else (the file may still be plain text).
 */
export async function sniffBinary(head: Uint8Array, name: string): Promise<string | null> {
  // A structure that breaks off inside the bytes read is no format we take.
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  const allowed = found && Object.hasOwn(ALLOWED, found.ext) ? ALLOWED[found.ext] : undefined;
  return allowed ? allowed(extensionOf(name)) : null;
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
