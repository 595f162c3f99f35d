import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextCheck, sanitizeFileName, sniffBinary } from './file-types';

function isText(...chunks: Buffer[]): boolean {
  const check = new TextCheck();
  for (const c of chunks) check.push(c);
  return check.isText();
}

describe('sniffBinary', () => {
  it('takes the exact type of a shared container from the extension, the container from the bytes', async () => {
    const zip = Buffer.from('504b0304140000000800', 'hex');
    expect(await sniffBinary(zip, 'отчёт.DOCX')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(await sniffBinary(zip, 'text.odt')).toBe('application/vnd.oasis.opendocument.text');
    expect(await sniffBinary(zip, 'virus.exe')).toBe('application/zip');
    const ole = Buffer.from('d0cf11e0a1b11ae10000', 'hex');
    expect(await sniffBinary(ole, 'table.xls')).toBe('application/vnd.ms-excel');
    // An OLE container under another name may be an installer.
    expect(await sniffBinary(ole, 'setup.msi')).toBeNull();
  });

  it('never lets a name make unknown or broken content acceptable', async () => {
    expect(await sniffBinary(Buffer.from('MZ\x90\x00', 'latin1'), 'report.pdf')).toBeNull();
    expect(await sniffBinary(Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'), 'a.webp')).toBeNull();
    expect(await sniffBinary(Buffer.from('%PD'), 'short.pdf')).toBeNull();
    // A PNG signature followed by no valid header chunk.
    expect(await sniffBinary(Buffer.from('89504e470d0a1a0a0000000058585858', 'hex'), 'a.png')).toBeNull();
  });
});

describe('TextCheck', () => {
  it('accepts UTF-8 and CP1251 text, even split mid-character', () => {
    const utf8 = Buffer.from('Курсовая работа\r\n\tГлава 1', 'utf8');
    expect(isText(utf8.subarray(0, 3), utf8.subarray(3))).toBe(true);
    expect(isText(Buffer.from([0xca, 0xf3, 0xf0, 0xf1, 0x0a]))).toBe(true);
  });

  it('refuses NULs, other control characters and bytes that are text in neither encoding', () => {
    expect(isText(Buffer.from('abc\u0000def'))).toBe(false);
    expect(isText(Buffer.from([0x41, 0x1b, 0x42]))).toBe(false);
    expect(isText(Buffer.from([0xd0, 0x98]))).toBe(true); // «И» in UTF-8
    expect(isText(Buffer.from([0xc0, 0x98]))).toBe(false); // not UTF-8, and 0x98 is no CP1251 character
    expect(isText(Buffer.from('Привет', 'utf8').subarray(0, 3))).toBe(true); // read as CP1251
  });
});

describe('TextCheck.isMarkup', () => {
  function markup(name: string, ...chunks: Array<string | Buffer>): boolean {
    const check = new TextCheck();
    for (const c of chunks) check.push(typeof c === 'string' ? Buffer.from(c) : c);
    expect(check.isText()).toBe(true);
    return check.isMarkup(name);
  }

  it('finds HTML, SVG and XML whatever the name, case and leading blanks', () => {
    expect(markup('a.txt', '<!DOCTYPE html><p>Привет</p>\n')).toBe(true);
    expect(markup('a.txt', '\ufeff  \r\n<HTML><body>текст</body></HTML>')).toBe(true);
    expect(markup('a.txt', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')).toBe(true);
    expect(markup('a.txt', '<?xml version="1.0"?><note>текст</note>')).toBe(true);
    expect(markup('a.txt', '<div>начало страницы</div>')).toBe(true);
    // Past the first bytes, and split between two chunks.
    expect(markup('a.txt', 'Методичка по оформлению.\n\n<scr', 'ipt>alert(1)</script>')).toBe(true);
    expect(markup('a.txt', `${'Текст. '.repeat(5000)}<iframe src="https://example.com">`)).toBe(true);
  });

  it('finds JavaScript by how it opens, and scripts by their names', () => {
    expect(markup('a.txt', 'function steal() { fetch("/api/") }')).toBe(true);
    expect(markup('a.txt', '  const x = document.cookie;')).toBe(true);
    expect(markup('a.txt', '"use strict";\nalert(1)')).toBe(true);
    expect(markup('a.txt', '#!/usr/bin/env node\n')).toBe(true);
    expect(markup('report.js', 'Отчёт по практике')).toBe(true);
    expect(markup('page.HTML', 'Просто текст')).toBe(true);
    expect(markup('run.bat', 'echo hi')).toBe(true);
  });

  it('leaves plain prose with angle brackets alone', () => {
    expect(markup('a.txt', 'Требования: объём < 30 страниц, оригинальность > 70 %.\n')).toBe(false);
    expect(markup('a.txt', 'Если a<b и b<c, то <a и c>.')).toBe(false);
    expect(markup('a.txt', 'Задание по JavaScript: функция сортировки.')).toBe(false);
    expect(markup('cp1251.txt', Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]))).toBe(false);
  });
});

describe('sanitizeFileName', () => {
  it('keeps the last path segment without control or formatting characters', () => {
    expect(sanitizeFileName('C:\\Users\\Аня\\Курсовая.docx')).toBe('Курсовая.docx');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('report\u202Efdp.exe')).toBe('reportfdp.exe');
    expect(sanitizeFileName('...')).toBe('file');
    expect(sanitizeFileName(`${'я'.repeat(300)}.pdf`)).toMatch(/^я{196}\.pdf$/);
  });

  it('never returns a path, an empty name or more than 200 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const clean = sanitizeFileName(name);
        expect(clean).not.toMatch(/[/\\\p{Cc}]/u);
        expect(clean.length).toBeGreaterThan(0);
        expect(clean.length).toBeLessThanOrEqual(200);
        expect(clean.startsWith('.')).toBe(false);
      }),
    );
  });
});
