import { PayResultSchema, api, staffApi } from '@cabinet/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { multipart, orderBody, placeOrder, samples, workTypes } from './orders-fixtures';
import { pay } from './payments-fixtures';
import { createStaff, payInDb, type TestStaff } from './staff-fixtures';

type Auth = { authorization: string };
interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}

/**
 * Text that a browser would run if it took the file for HTML: each is plain text to the upload
 * check (it neither starts as markup nor holds a tag of its list), so it is stored as text/plain — and stays harmless only
 * while every answer carrying it is an attachment the browser may not sniff.
 */
const PAYLOADS = {
  'details.txt': 'Заметки к главе 2 <details open ontoggle=alert(document.cookie)>Раскрыть</details>\n',
  'video.txt': 'Видео к докладу <video><source onerror="alert(document.cookie)"></video>\n',
  'script.txt': 'Проверка: alert(document.cookie)\n',
};

/** Whether a browser would render the type as a document that can run script (HTML, XML, SVG, JS). */
function isActiveType(contentType: string): boolean {
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    ['text/html', 'text/xml', 'application/xml', 'text/xsl'].includes(essence) ||
    essence.endsWith('+xml') ||
    essence.endsWith('script')
  );
}

/** What every file answer must carry: a download, of the type stated, never a page. */
function expectAttachment(res: Answer, route: string) {
  expect(res.statusCode, `${route}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(String(res.headers['content-disposition']), route).toMatch(/^attachment(;|$)/);
  expect(res.headers['x-content-type-options'], route).toBe('nosniff');
  const type = String(res.headers['content-type'] ?? '');
  expect(type, route).not.toBe('');
  expect(isActiveType(type), `${route}: ${type}`).toBe(false);
}

/** The operations whose success answers a file: a 2xx body that is not a JSON shape. */
function fileRoutes(doc: unknown): string[] {
  type Op = {
    responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
  };
  const paths = (doc as { paths: Record<string, Record<string, Op>> }).paths;
  const routes: string[] = [];
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const success = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
      const files = success.some(([, r]) =>
        Object.values(r.content ?? {}).some(({ schema }) => {
          if (!schema) return true;
          const shape = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'properties', 'items', 'enum', 'const'];
          return !shape.some((k) => k in schema);
        }),
      );
      if (files) routes.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
  }
  return routes.sort();
}

describe('every route that answers a file answers it as an attachment the browser may not sniff', () => {
  let t: TestApp;
  let customer: Auth;
  let manager: TestStaff;
  let author: TestStaff;
  let orderId = 0;
  /** Text files with script in them: the customer's, and the author's of the same order. */
  const customerFiles: number[] = [];
  const authorFiles: number[] = [];
  let pdfFile = 0;

  const upload = async (auth: Auth, url: string, name: string, content: Buffer) => {
    const body = multipart([{ name, content, type: 'text/html' }]);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [file] = res.json() as Array<{ id: number; mime?: string }>;
    return file!;
  };

  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: mkdtempSync(join(tmpdir(), 'cabinet-files-')) });
    customer = bearer((await registerCustomer(t.app)).access);
    manager = await createStaff(t.app, 'manager');
    author = await createStaff(t.app, 'performer');
    const workType = (await workTypes(t.app, customer))[0]!;

    // The customer's uploads go with the order (the upload route says only that they are text).
    const pending: number[] = [];
    for (const [name, text] of Object.entries(PAYLOADS)) {
      pending.push((await upload(customer, api.orders.ajaxFiles, name, Buffer.from(text))).id);
    }
    pending.push((await upload(customer, api.orders.ajaxFiles, 'plan.pdf', samples.pdf)).id);
    orderId = (await placeOrder(t.app, customer, orderBody(workType, { files: pending }))).id;
    customerFiles.push(...pending.slice(0, 3));
    pdfFile = pending[3]!;

    await t.app.inject({
      method: 'PATCH',
      url: staffApi.order(orderId),
      headers: manager.auth,
      payload: { price: 300_000 },
    });
    await payInDb(t.app, orderId);
    const assigned = await t.app.inject({
      method: 'POST',
      url: staffApi.assign(orderId),
      headers: manager.auth,
      payload: { performer_id: author.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    for (const [name, text] of Object.entries(PAYLOADS)) {
      const file = await upload(
        author.auth,
        `${staffApi.files(orderId)}?kind=intermediate`,
        `author-${name}`,
        Buffer.from(text),
      );
      authorFiles.push(file.id);
    }
  });
  afterAll(() => t.close());

  it('stores each of the script-bearing files as text/plain', async () => {
    const rows = await t.app.database.db
      .selectFrom('order_files')
      .select(['id', 'mime'])
      .where('id', 'in', [...customerFiles, ...authorFiles])
      .execute();
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.mime, String(row.id)).toMatch(/^text\/plain/);
  });

  /** Per file route: every answer it gives for the files above (each must be a safe attachment). */
  const cases = (): Record<string, () => Promise<Answer[]>> => {
    const get = (url: string, auth: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
    const all = (fn: (id: number) => Promise<Answer>, ids: number[]) => Promise.all(ids.map(fn));
    return {
      'GET /api/client/orders/:id/files/:fileId/download/': () =>
        all(
          (id) => get(api.orders.fileDownload(orderId, id), customer),
          [...customerFiles, ...authorFiles, pdfFile],
        ),
      'GET /api/staff/orders/:id/files/:fileId/download/': async () => [
        ...(await all(
          (id) => get(staffApi.fileDownload(orderId, id), manager.auth),
          [...customerFiles, ...authorFiles],
        )),
        ...(await all((id) => get(staffApi.fileDownload(orderId, id), author.auth), customerFiles)),
      ],
      'POST /api/client/orders/:id/files/download-zip/': async () => [
        await t.app.inject({
          method: 'POST',
          url: api.orders.downloadZip(orderId),
          headers: customer,
          payload: {},
        }),
      ],
      // Shown in the browser, not downloaded: only images and PDF, sandboxed; text is refused.
      'GET /api/client/orders/:id/files/:fileId/preview/': async () => {
        for (const id of [...customerFiles, ...authorFiles]) {
          const res = await get(api.orders.filePreview(orderId, id), customer);
          expect(res.statusCode, `preview of text ${id}: ${res.body}`).toBe(415);
        }
        const pdf = await get(api.orders.filePreview(orderId, pdfFile), customer);
        expect(pdf.statusCode, pdf.body).toBe(200);
        expect(String(pdf.headers['content-disposition'])).toMatch(/^inline(;|$)/);
        expect(pdf.headers['content-security-policy']).toBe('sandbox');
        expect(pdf.headers['x-content-type-options']).toBe('nosniff');
        expect(pdf.headers['content-type']).toBe('application/pdf');
        return [];
      },
      'GET /api/client/profile/avatar/:file': async () => {
        const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: 'teal' } })
          .png()
          .toBuffer();
        const body = multipart([{ name: 'me.png', content: image, type: 'image/png' }]);
        const up = await t.app.inject({
          method: 'POST',
          url: api.profile.avatar,
          headers: { ...customer, ...body.headers },
          payload: body.payload,
        });
        expect(up.statusCode, up.body).toBe(200);
        const urls = Object.values((up.json() as { avatars: Record<string, string> }).avatars);
        expect(urls).toHaveLength(3);
        return all((i) => get(urls[i]!, {} as Auth), [0, 1, 2]);
      },
      'POST /client/api/main/title_page/': () =>
        Promise.all(
          (['docx', 'pdf'] as const).map((format) =>
            t.app.inject({
              method: 'POST',
              url: api.content.titlePage,
              headers: customer,
              payload: {
                format,
                university: PAYLOADS['details.txt'].trim(),
                work_type: PAYLOADS['video.txt'].trim(),
                topic: PAYLOADS['script.txt'].trim(),
                student_name: 'Иванова Мария',
                city: 'Москва',
                year: 2026,
              },
            }),
          ),
        ),
      'GET /client/api/certificate/:id/download/': async () => {
        const bought = await t.app.inject({
          method: 'POST',
          url: api.certificates.root,
          headers: customer,
          payload: { value: 5_000_00 },
        });
        expect(bought.statusCode, bought.body).toBe(201);
        const id = (bought.json() as { id: number }).id;
        const paid = PayResultSchema.parse(
          (
            await pay(t.app, customer, { purpose: 'certificate', object_id: id, payment_method: 'bank_card' })
          ).json(),
        );
        const bank = await t.app.inject({
          method: 'POST',
          url: new URL(paid.confirmation_url ?? '').pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            action: 'pay',
            card: '4242 4242 4242 4242',
            exp: '12/35',
            cvc: '123',
          }).toString(),
        });
        expect(bank.statusCode, bank.body).toBe(303);
        return [await get(api.certificates.download(id), customer)];
      },
    };
  };

  it('has a case for every route whose answer is a file', () => {
    expect(Object.keys(cases()).sort()).toEqual(fileRoutes(t.app.swagger()));
  });

  it('answers each as an attachment with nosniff and a type that is not a page', async () => {
    for (const [route, send] of Object.entries(cases())) {
      const answers = await send();
      for (const res of answers) expectAttachment(res, route);
    }
  });

  it('sends the script-bearing text back as text/plain, byte for byte', async () => {
    for (const [i, id] of [...customerFiles, ...authorFiles].entries()) {
      const res = await t.app.inject({
        method: 'GET',
        url: api.orders.fileDownload(orderId, id),
        headers: customer,
      });
      expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
      expect(res.rawPayload.toString()).toBe(Object.values(PAYLOADS)[i % 3]);
    }
  });
});
