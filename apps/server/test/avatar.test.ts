import {
  AVATAR_MAX_MB,
  AVATAR_MAX_MEGAPIXELS,
  AvatarSchema,
  api,
  avatarMessages,
  authMessages,
} from '@cabinet/contract';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { avatarMap, avatarRenders, sweepAvatarFiles } from '../src/modules/profile/avatar';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { multipart } from './orders-fixtures';

/** Every stored object under the files directory. */
function storedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

/** A landscape JPEG, 300×200, left half red and right half blue, with EXIF: orientation 6 and a camera. */
async function exifJpeg(): Promise<Buffer> {
  const half = (r: number, b: number) => ({
    input: { create: { width: 150, height: 200, channels: 3 as const, background: { r, g: 0, b } } },
  });
  return sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { ...half(255, 0), left: 0, top: 0 },
      { ...half(0, 255), left: 150, top: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'TestCam', Model: 'Secret-Model-9' } } })
    .toBuffer();
}

/**
 * An iPhone-style HEIC: an AVIF's boxes with the brands and the coded item's type of HEVC (no
 * encoder for HEVC ships with sharp, so a real one cannot be made here; the decoder sees the same).
 */
async function heicLike(): Promise<Buffer> {
  const file = Buffer.from(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: 'teal' } })
      .avif()
      .toBuffer(),
  );
  for (const [from, to] of [
    ['avif', 'heic'],
    ['av01', 'hvc1'],
  ] as const) {
    for (let at = file.indexOf(from); at >= 0; at = file.indexOf(from)) file.write(to, at, 'latin1');
  }
  return file;
}

describe('avatar', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cabinet-avatars-'));
    t = await buildTestApp({ FILES_DIR: dir });
  });
  afterAll(() => t.close());

  const customer = async () => bearer((await registerCustomer(t.app)).access);
  const upload = (
    auth: { authorization: string },
    content: Buffer,
    name = 'фото.jpg',
    type = 'image/jpeg',
  ) => {
    const body = multipart([{ name, content, type }]);
    return t.app.inject({
      method: 'POST',
      url: api.profile.avatar,
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
  };
  const getAvatar = async (auth: { authorization: string }) => {
    const res = await t.app.inject({ method: 'GET', url: api.profile.avatar, headers: auth });
    expect(res.statusCode).toBe(200);
    return AvatarSchema.parse(res.json());
  };

  it('maps sizes to URLs only when all three are stored', () => {
    const rows = [
      { size: 64, stored_name: 'a'.repeat(32) },
      { size: 128, stored_name: 'b'.repeat(32) },
      { size: 256, stored_name: 'c'.repeat(32) },
    ];
    expect(avatarMap(rows)).toEqual({
      avatars: {
        '64': `${api.profile.avatar}${'a'.repeat(32)}.webp`,
        '128': `${api.profile.avatar}${'b'.repeat(32)}.webp`,
        '256': `${api.profile.avatar}${'c'.repeat(32)}.webp`,
      },
    });
    expect(avatarMap(rows.slice(0, 2))).toEqual({ avatars: {} });
    expect(avatarMap([])).toEqual({ avatars: {} });
  });

  it('has no avatar at first, and asks for a token', async () => {
    expect(await getAvatar(await customer())).toEqual({ avatars: {} });
    const res = await t.app.inject({ method: 'GET', url: api.profile.avatar });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: authMessages.notAuthorized });
  });

  it('stores a JPEG as upright WebP squares of 64, 128 and 256 px without its EXIF', async () => {
    const auth = await customer();
    const res = await upload(auth, await exifJpeg());
    expect(res.statusCode).toBe(200);
    const { avatars } = AvatarSchema.parse(res.json());
    expect(Object.keys(avatars).sort()).toEqual(['128', '256', '64']);
    expect(await getAvatar(auth)).toEqual({ avatars });

    for (const [size, url] of Object.entries(avatars) as Array<[string, string]>) {
      expect(url).toMatch(/^\/api\/client\/profile\/avatar\/[0-9a-f]{32}\.webp$/);
      // An <img> sends no token: the image answers without one.
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Number(size));
      expect(meta.height).toBe(Number(size));
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(image.rawPayload.includes('Secret-Model-9')).toBe(false);
    }

    // Orientation 6 turns the picture a quarter clockwise: the red left half is now on top.
    const big = await t.app.inject({ method: 'GET', url: (avatars as Record<string, string>)['256'] });
    const { data, info } = await sharp(big.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return { r: data[i] ?? 0, b: data[i + 2] ?? 0 };
    };
    expect(pixel(128, 20).r).toBeGreaterThan(200);
    expect(pixel(128, 20).b).toBeLessThan(60);
    expect(pixel(128, 235).b).toBeGreaterThan(200);
    expect(pixel(128, 235).r).toBeLessThan(60);
  });

  it('takes a PNG whatever its name and declared type say, and a new upload is a new URL', async () => {
    const auth = await customer();
    const png = await sharp({
      create: { width: 40, height: 90, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const first = AvatarSchema.parse((await upload(auth, await exifJpeg())).json()).avatars as Record<
      string,
      string
    >;
    const res = await upload(auth, png, 'document.pdf', 'application/pdf');
    expect(res.statusCode).toBe(200);
    const second = AvatarSchema.parse(res.json()).avatars as Record<string, string>;
    expect(second['64']).not.toBe(first['64']);
    const meta = await sharp(
      (await t.app.inject({ method: 'GET', url: second['128'] ?? '' })).rawPayload,
    ).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 128, 128]);
    // The replaced images are gone.
    for (const url of Object.values(first)) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('refuses a disguised non-image, and an image format it does not take, storing nothing', async () => {
    const auth = await customer();
    const before = storedFiles(dir).length;
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'photo.jpg', 'image/jpeg'],
      [Buffer.from('просто текст, а не фото'), 'photo.png', 'image/png'],
      [
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
        'photo.svg',
        'image/svg+xml',
      ],
      // A real JPEG's header over a body cut short.
      [(await exifJpeg()).subarray(0, 400), 'cut.jpg', 'image/jpeg'],
    ];
    for (const [content, name, type] of cases) {
      const res = await upload(auth, content, name, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ detail: avatarMessages.notImage });
    }
    expect(storedFiles(dir).length).toBe(before);
    expect(await getAvatar(auth)).toEqual({ avatars: {} });
  });

  it('refuses an HEIC photo saying to save it as JPEG or PNG, and still takes an AVIF', async () => {
    const auth = await customer();
    const before = storedFiles(dir).length;
    const res = await upload(auth, await heicLike(), 'IMG_0001.HEIC', 'image/heic');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: avatarMessages.heic });
    expect(avatarMessages.heic).toBe('Формат HEIC не поддерживается: сохраните фото как JPEG или PNG');
    // Named and typed as a JPEG, it is still what its bytes say.
    const disguised = await upload(auth, await heicLike(), 'photo.jpg', 'image/jpeg');
    expect(disguised.json()).toMatchObject({ detail: avatarMessages.heic });
    expect(storedFiles(dir).length).toBe(before);
    expect(await getAvatar(auth)).toEqual({ avatars: {} });
    // The same container with the AV1 codec decodes.
    const avif = await sharp(await exifJpeg())
      .avif()
      .toBuffer();
    const ok = await upload(auth, avif, 'photo.avif', 'image/avif');
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(AvatarSchema.parse(ok.json()).avatars)).toEqual(['64', '128', '256']);
  });

  it(`refuses a file over ${AVATAR_MAX_MB} MB with 413, keeping the current avatar`, async () => {
    const auth = await customer();
    const current = AvatarSchema.parse((await upload(auth, await exifJpeg())).json());
    const before = storedFiles(dir).length;
    const huge = Buffer.concat([await exifJpeg(), Buffer.alloc(AVATAR_MAX_MB * 1024 * 1024)]);
    const res = await upload(auth, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ detail: avatarMessages.tooLarge });
    expect(storedFiles(dir).length).toBe(before);
    expect(await getAvatar(auth)).toEqual(current);
  });

  it(`refuses an image over ${AVATAR_MAX_MEGAPIXELS} megapixels from its header, keeping the current avatar`, async () => {
    const auth = await customer();
    const current = AvatarSchema.parse((await upload(auth, await exifJpeg())).json());
    const before = storedFiles(dir).length;
    // 36.4 megapixels of one colour: a small file (compressed) that decodes to 146 MB.
    const big = await sharp({ create: { width: 7000, height: 5200, channels: 4, background: '#3a7' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(big.length).toBeLessThan(AVATAR_MAX_MB * 1024 * 1024);
    const started = performance.now();
    const res = await upload(auth, big, 'огромное.png', 'image/png');
    const took = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: avatarMessages.tooManyPixels,
      errors: { file: [avatarMessages.tooManyPixels] },
    });
    expect(avatarMessages.tooManyPixels).toBe('Фото больше 24 мегапикселей: уменьшите его и загрузите снова');
    // Refused before decoding: rendering it took seconds.
    expect(took).toBeLessThan(1500);
    expect(storedFiles(dir).length).toBe(before);
    expect(await getAvatar(auth)).toEqual(current);
  });

  it('renders at most two avatars at a time; the others wait their turn and are all stored', async () => {
    // 12 megapixels of one colour: a small file that takes a while to decode and resize.
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const customers = await Promise.all([1, 2, 3, 4, 5].map(() => customer()));
    let mostActive = 0;
    let mostWaiting = 0;
    let done = false;
    const watch = (async () => {
      while (!done) {
        mostActive = Math.max(mostActive, avatarRenders.activeCount);
        mostWaiting = Math.max(mostWaiting, avatarRenders.pendingCount);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const answers = await Promise.all(customers.map((auth) => upload(auth, photo)));
    done = true;
    await watch;
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(mostActive).toBe(2);
    expect(mostWaiting).toBeGreaterThanOrEqual(1);
    expect([avatarRenders.activeCount, avatarRenders.pendingCount]).toEqual([0, 0]);
  });

  it('limits uploads per address like the other costly requests', async () => {
    const limited = await buildTestApp({ FILES_DIR: dir, RATE_MAX_PER_IP: '2' });
    try {
      const auth = bearer((await registerCustomer(limited.app)).access);
      const send = async () => {
        const body = multipart([{ name: 'фото.jpg', content: await exifJpeg(), type: 'image/jpeg' }]);
        return limited.app.inject({
          method: 'POST',
          url: api.profile.avatar,
          payload: body.payload,
          headers: { ...auth, ...body.headers },
        });
      };
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect((third.json() as { detail: string }).detail).toMatch(/[а-яё]/i);
    } finally {
      await limited.close();
    }
  });

  it('asks for a file when the request carries none', async () => {
    const auth = await customer();
    const res = await t.app.inject({
      method: 'POST',
      url: api.profile.avatar,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: avatarMessages.noFile });
  });

  it('deletes the record and the files; another customer neither sees nor removes them', async () => {
    const owner = await customer();
    const other = await customer();
    const { avatars } = AvatarSchema.parse((await upload(owner, await exifJpeg())).json());
    const urls = Object.values(avatars as Record<string, string>);
    const names = urls.map((u) => /([0-9a-f]{32})\.webp$/.exec(u)?.[1]);

    // Another customer's GET and DELETE touch only their own (empty) avatar.
    expect(await getAvatar(other)).toEqual({ avatars: {} });
    expect(
      (await t.app.inject({ method: 'DELETE', url: api.profile.avatar, headers: other })).statusCode,
    ).toBe(200);
    expect(await getAvatar(owner)).toEqual({ avatars });
    // A name that is not a current avatar answers 404, as does a path outside the pattern.
    for (const url of [
      `${api.profile.avatar}${'0'.repeat(32)}.webp`,
      `${api.profile.avatar}..%2F..%2Fetc.webp`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }

    const res = await t.app.inject({ method: 'DELETE', url: api.profile.avatar, headers: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ avatars: {} });
    expect(await getAvatar(owner)).toEqual({ avatars: {} });
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const left = storedFiles(dir);
    for (const name of names) expect(left).not.toContain(name);
  });

  describe('the sweep of avatar images nobody points to', () => {
    const HOUR = 60 * 60 * 1000;
    const later = (hours: number) => new Date(Date.now() + hours * HOUR);
    const sweep = (now: Date) => sweepAvatarFiles(t.app.database.db, t.app.storage, now);
    const fileNames = (avatar: { avatars: Record<string, string> }) =>
      Object.values(avatar.avatars).map((url) => url.split('/').pop()!.replace('.webp', ''));

    it("removes a deleted customer's files and a crashed upload's after the grace period, never a current avatar's", async () => {
      const db = t.app.database.db;
      await sweep(later(2)); // whatever earlier cases left
      const kept = await customer();
      const keptAvatar = AvatarSchema.parse((await upload(kept, await exifJpeg())).json());
      const gone = await customer();
      const goneAvatar = AvatarSchema.parse((await upload(gone, await exifJpeg())).json());
      // A deleted customer: the avatar rows go with the user (ON DELETE CASCADE), the files stay.
      await db.deleteFrom('avatar_files').where('stored_name', 'in', fileNames(goneAvatar)).execute();
      // An upload that died after writing a file, before its rows.
      const { storedName: crashed } = await t.app.storage.save(
        Readable.from([Buffer.from('half an upload')]),
      );
      await db
        .insertInto('avatar_objects')
        .values({ stored_name: crashed, created_at: new Date().toISOString() })
        .execute();
      const orphans = [...fileNames(goneAvatar), crashed];
      const present = () => new Set(storedFiles(dir));
      for (const name of [...orphans, ...fileNames(keptAvatar)]) expect(present().has(name), name).toBe(true);

      // Within the grace period (an upload may be under way): nothing goes.
      expect(await sweep(new Date())).toBe(0);
      for (const name of orphans) expect(present().has(name)).toBe(true);

      // After it, two instances at once: the orphans go, once; the current avatar stays whole.
      const [a, b] = await Promise.all([sweep(later(2)), sweep(later(2))]);
      expect(a + b).toBe(orphans.length);
      for (const name of orphans) expect(present().has(name), name).toBe(false);
      for (const name of fileNames(keptAvatar)) expect(present().has(name), name).toBe(true);
      expect(await getAvatar(kept)).toEqual(keptAvatar);
      for (const url of Object.values(keptAvatar.avatars)) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      expect(await sweep(later(2))).toBe(0);
    });

    it('forgets the files of a replaced and of a deleted avatar at once, leaving the sweep nothing', async () => {
      const auth = await customer();
      await upload(auth, await exifJpeg());
      await upload(auth, await exifJpeg());
      const current = AvatarSchema.parse(await getAvatar(auth));
      const records = await t.app.database.db.selectFrom('avatar_objects').select('stored_name').execute();
      const recorded = new Set(records.map((r) => r.stored_name));
      for (const name of fileNames(current)) expect(recorded.has(name)).toBe(true);
      await t.app.inject({ method: 'DELETE', url: api.profile.avatar, headers: auth });
      const after = await t.app.database.db.selectFrom('avatar_objects').select('stored_name').execute();
      expect(after.filter((r) => fileNames(current).includes(r.stored_name))).toEqual([]);
      expect(await sweep(later(2))).toBe(0);
    });
  });
});
