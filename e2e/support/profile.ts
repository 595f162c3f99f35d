import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { api, type Profile } from '@cabinet/contract';
import { call, customerToken, type Credentials } from './api';
import { login, PASSWORD } from './auth';
import { newPage } from './browser';
import { uniqueEmail } from './outbox';

/**
 * The profile and the content as the journeys see them: fresh customers signed in
 * through the login screen, what the server holds read back through its API, images made with
 * sharp for the avatar, and downloaded files read back by their first bytes.
 */

export interface ProfileCustomer extends Credentials {
  token: string;
}

/** Registers a fresh customer through the API (no phone, no birthday) and takes a token. */
export async function profileCustomer(base: string, tag: string): Promise<ProfileCustomer> {
  const email = uniqueEmail(tag);
  const r = await fetch(`${base}${api.profile.root}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, fio: 'Анна Профильная', agree: true }),
  });
  if (r.status !== 200 && r.status !== 201) throw new Error(`registration: ${r.status} ${await r.text()}`);
  const creds = { email, password: PASSWORD };
  return { ...creds, token: await customerToken(base, creds) };
}

export interface Signed {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A browser context of its own, signed in through /login and landed on the orders list. */
export async function signedIn(
  browser: Browser,
  base: string,
  creds: Credentials,
  viewport?: { width: number; height: number },
): Promise<Signed> {
  const opened = await newPage(browser, base, viewport ? { viewport } : {});
  // A step that cannot happen fails by its own locator, well inside the test's minute.
  opened.page.setDefaultTimeout(15_000);
  await login(opened.page, creds);
  await opened.page.waitForURL('**/home/active');
  return opened;
}

/** The profile as the server holds it (`GET /api/client/profile/`). */
export const profileOf = (base: string, token: string) => call<Profile>(base, token, 'GET', api.profile.root);

/** The avatar map (`GET /api/client/profile/avatar/`): empty while there is none. */
export async function avatarsOf(base: string, token: string): Promise<Record<string, string>> {
  return (await call<{ avatars: Record<string, string> }>(base, token, 'GET', api.profile.avatar)).avatars;
}

/** Whether the diploma half-price popup is due (`GET /client/api/profile/profile-popup/`). */
export async function popupDue(base: string, token: string): Promise<boolean> {
  return (await call<{ is_need_show: boolean }>(base, token, 'GET', api.profile.profilePopup)).is_need_show;
}

/** A real PNG, wider than tall so that the crop to a square has work to do: red and blue halves. */
export async function landscapePng(width = 640, height = 400): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const right = await sharp({
    create: { width: width - half, height, channels: 3, background: { r: 20, g: 60, b: 200 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 210, g: 30, b: 40 } } })
    .composite([{ input: right, left: half, top: 0 }])
    .png()
    .toBuffer();
}

/** Width, height and format of an image the server serves, read with sharp. */
export async function imageAt(base: string, url: string, token: string) {
  const r = await fetch(new URL(url, base), { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`GET ${url}: ${r.status}`);
  const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, type: r.headers.get('content-type') };
}

/** The first bytes of a downloaded file, as Latin-1 text («PK» of a zip, «%PDF» of a PDF). */
export async function downloadedHead(download: Download, length = 4): Promise<string> {
  const path = await download.path();
  if (!path) throw new Error(`the download ${download.suggestedFilename()} did not complete`);
  return (await readFile(path)).subarray(0, length).toString('latin1');
}

/** Starts a download by clicking and waits for it. */
export async function downloadBy(page: Page, trigger: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return download;
}

/** What a part of the page reads, its spaces (the formatters' no-break ones too) made plain. */
export const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
