/**
 * Setting the scene through the HTTP API, as the screens would: sign-ins, an order placed, files
 * delivered. Journeys do in the browser what they test and call these for the rest.
 */

export interface Credentials {
  email: string;
  password: string;
}

export const DEMO_CUSTOMER: Credentials = { email: 'demo@example.com', password: 'demo12345' };
/** The second demo customer, who has the diploma half-price offer (its popup shows once). */
export const DEMO_OFFER_CUSTOMER: Credentials = { email: 'diplom@example.com', password: 'demo12345' };
export const MANAGER: Credentials = { email: 'manager@example.com', password: 'manager12345' };
/** The first demo author, «Иван К.», who works on the demo customer's orders. */
export const PERFORMER: Credentials = { email: 'performer@example.com', password: 'performer12345' };
export const PERFORMER_NAME = 'Иван К.';

/** A calendar day this many days from today in Moscow, where deadlines are kept. */
export function moscowDay(days: number): string {
  return new Date(Date.now() + 3 * 60 * 60 * 1000 + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A JSON call with a bearer token; fails the journey on any answer but `expect`. */
export async function call<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  expect = [200, 201],
): Promise<T> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (!expect.includes(r.status)) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A customer's access token (`POST /api/client/auth/login/`). */
export async function customerToken(base: string, creds: Credentials): Promise<string> {
  const r = await fetch(`${base}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  });
  const body = (await r.json()) as { tokens?: { access: string }; access?: string };
  const access = body.tokens?.access ?? body.access;
  if (!access) throw new Error(`customer login failed: ${r.status}`);
  return access;
}

/** A staff member's access token (`POST /api/staff/auth/login/`). */
export async function staffToken(base: string, creds: Credentials): Promise<string> {
  const r = await fetch(`${base}/api/staff/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  });
  const body = (await r.json()) as { access?: string };
  if (!body.access) throw new Error(`staff login failed: ${r.status}`);
  return body.access;
}

/** Places an order through the API, as the order form would; returns its id. */
export async function placeOrder(base: string, token: string, topic: string): Promise<number> {
  const types = await call<Array<{ id: number; min_pages: number }>>(base, token, 'GET', '/api/worktypes/');
  const workType = types[0];
  if (!workType) throw new Error('no work types');
  const order = await call<{ id: number }>(
    base,
    token,
    'POST',
    '/api/client/orders/',
    {
      work_type_id: workType.id,
      topic,
      deadline: moscowDay(30),
      pages: workType.min_pages,
      originality: 60,
    },
    [201],
  );
  return order.id;
}

export interface UploadedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Sends files as one multipart request (the field name is the server's `file`). */
export async function upload<T>(
  base: string,
  token: string,
  path: string,
  files: UploadedFile[],
): Promise<T> {
  const form = new FormData();
  for (const f of files)
    form.append('file', new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  const r = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await r.text();
  if (r.status !== 200 && r.status !== 201) throw new Error(`POST ${path}: ${r.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * A real, tiny PDF (one empty A4 page) whose text names it, so each upload is distinct bytes:
 * the server sniffs the type from the content, not from the name.
 */
export function samplePdf(title: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> >>',
  ];
  let body = `%PDF-1.4\n% ${title.replace(/[^\x20-\x7e]/g, '?')}\n`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
