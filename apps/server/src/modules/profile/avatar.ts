import {
  AVATAR_MAX_MEGAPIXELS,
  AVATAR_SIZES,
  api,
  avatarMessages,
  isHeic,
  type Avatar,
  type AvatarSize,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { Readable } from 'node:stream';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { DB } from '../../db/types';
import { HttpError } from '../../plugins/errors';
import type { Storage } from '../../plugins/storage';
import { lockCustomer } from '../ledger';
import {
  deleteAvatarFiles,
  deleteAvatarFilesReturning,
  deleteAvatarObjects,
  deleteOrphanAvatarObjects,
  findAvatarFile,
  insertAvatarFiles,
  insertAvatarObject,
  selectAvatarFiles,
  selectAvatarStoredNames,
  selectOrphanAvatarObjects,
} from './repo';

/**
 * What sharp may decode: the formats a phone or a camera gives; never SVG (a document, not a
 * picture). `heif` is the container: its AV1 flavour (AVIF) decodes, its HEVC one (an iPhone's
 * HEIC) does not — sharp's prebuilt libvips has no HEVC decoder — and is refused by name.
 */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/**
 * 24 megapixels: a phone's photo. A 36-megapixel image took 2.5 s to render and 144 MB decoded;
 * a larger one is refused from its header, before anything is decoded.
 */
const MAX_INPUT_PIXELS = AVATAR_MAX_MEGAPIXELS * 1_000_000;

/**
 * Avatars rendered at once by this instance; the others wait their turn. Each holds its decoded
 * image (up to 96 MB at 24 megapixels), so five at once doubled the server's memory.
 */
export const avatarRenders = pLimit(2);

const WEBP_QUALITY = 82;

/** The stored name as the URL carries it: `<32 hex>.webp`. */
const AVATAR_FILE = /^([0-9a-f]{32})\.webp$/;

export function avatarFileUrl(storedName: string): string {
  return `${api.profile.avatar}${storedName}.webp`;
}

/** The stored name a file URL's last segment names, or null when it names none. */
export function storedNameOf(file: string): string | null {
  return AVATAR_FILE.exec(file)?.[1] ?? null;
}

/** The `avatars` map of the given rows: all three sizes, or `{}` when any is missing. */
export function avatarMap(rows: ReadonlyArray<{ size: number; stored_name: string }>): Avatar {
  const bySize = new Map(rows.map((r) => [r.size, r.stored_name]));
  const [s64, s128, s256] = AVATAR_SIZES.map((s) => bySize.get(s));
  if (!s64 || !s128 || !s256) return { avatars: {} };
  return { avatars: { '64': avatarFileUrl(s64), '128': avatarFileUrl(s128), '256': avatarFileUrl(s256) } };
}

/**
 * Decodes an uploaded image and renders the avatar's squares as WebP. The content decides what
 * the file is (its name and declared type are never asked); the image is turned upright by its
 * EXIF orientation, cropped to a centred square and written without any metadata.
 */
export async function renderAvatar(input: Buffer): Promise<Map<AvatarSize, Buffer>> {
  const notImage = () => new HttpError(400, avatarMessages.notImage);
  // Said apart from «not an image»: the customer can do something about it (save it as JPEG).
  if (isHeic(input)) throw new HttpError(400, avatarMessages.heic);
  let format: string | undefined;
  let compression: string | undefined;
  let pixels: number;
  try {
    // The header only (nothing is decoded), read without the limit so that an image over it is
    // told apart from one that is not an image.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    ({ format, compression } = meta);
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw notImage();
  }
  if (format === 'heif' && compression === 'hevc') throw new HttpError(400, avatarMessages.heic);
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notImage();
  if (pixels > MAX_INPUT_PIXELS) {
    throw new HttpError(400, avatarMessages.tooManyPixels, { file: [avatarMessages.tooManyPixels] });
  }
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
  const out = new Map<AvatarSize, Buffer>();
  try {
    for (const size of AVATAR_SIZES) {
      const image = await source
        .clone()
        .resize(size, size, { fit: 'cover', position: 'centre' })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      out.set(size, image);
    }
  } catch {
    // A header that parses over a body that does not (a truncated or forged file).
    throw notImage();
  }
  return out;
}

/** The customer's avatar: its stored squares, replaced whole and removed whole. */
export class AvatarService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly storage: Storage,
  ) {}

  async get(userId: number): Promise<Avatar> {
    const rows = await selectAvatarFiles(this.db, userId);
    return avatarMap(rows);
  }

  /** Stores the new squares, then swaps the rows under the customer's lock and drops the old files. */
  async replace(userId: number, input: Buffer): Promise<Avatar> {
    const images = await avatarRenders(() => renderAvatar(input));
    const saved: Array<{ size: AvatarSize; storedName: string; bytes: number }> = [];
    try {
      for (const [size, image] of images) {
        const { storedName, size: bytes } = await this.storage.save(Readable.from([image]));
        saved.push({ size, storedName, bytes });
        // Recorded at once: should the process die before the rows below, the sweep finds it.
        await insertAvatarObject(this.db, storedName, new Date().toISOString());
      }
      const old = await this.db.transaction().execute(async (trx) => {
        await lockCustomer(trx, userId);
        const previous = await selectAvatarStoredNames(trx, userId);
        await deleteAvatarFiles(trx, userId);
        const now = new Date().toISOString();
        await insertAvatarFiles(
          trx,
          saved.map((s) => ({
            stored_name: s.storedName,
            user_id: userId,
            size: s.size,
            bytes: s.bytes,
            created_at: now,
          })),
        );
        return previous.map((r) => r.stored_name);
      });
      await this.removeFiles(old);
    } catch (err) {
      await this.removeFiles(saved.map((s) => s.storedName));
      throw err;
    }
    return avatarMap(saved.map((s) => ({ size: s.size, stored_name: s.storedName })));
  }

  /** Back to initials: the rows go in a transaction, the files after it. */
  async remove(userId: number): Promise<void> {
    const old = await this.db.transaction().execute(async (trx) => {
      await lockCustomer(trx, userId);
      const rows = await deleteAvatarFilesReturning(trx, userId);
      return rows.map((r) => r.stored_name);
    });
    await this.removeFiles(old);
  }

  /** The image a URL names while it is someone's current avatar; null otherwise. */
  async open(file: string): Promise<Readable | null> {
    const storedName = storedNameOf(file);
    if (!storedName) return null;
    const row = await findAvatarFile(this.db, storedName);
    return row ? this.storage.open(row.stored_name) : null;
  }

  /** The files, then their records (a removal that fails leaves its record for the sweep). */
  private async removeFiles(names: string[]): Promise<void> {
    if (names.length === 0) return;
    await Promise.all(names.map((n) => this.storage.remove(n)));
    await deleteAvatarObjects(this.db, names);
  }
}

/** How long a written avatar image may stay without a customer's avatar pointing to it. */
export const AVATAR_SWEEP_GRACE_HOURS = 1;
const HOUR = 60 * 60 * 1000;
const SWEEP_BATCH = 100;

/**
 * Removes the avatar images nobody points to, written more than the grace period ago: a deleted
 * customer's, those of an avatar replaced or deleted whose removal failed, an upload's that
 * crashed before its rows. The grace period keeps an upload under way (its files are written
 * before its rows) out of reach. Safe on several instances at once: each file is removed (quiet
 * when already gone) before its record, and a record is deleted only while still unpointed to.
 * Returns how many it removed.
 */
export async function sweepAvatarFiles(
  db: Kysely<DB>,
  storage: Storage,
  now = new Date(),
  graceHours = AVATAR_SWEEP_GRACE_HOURS,
): Promise<number> {
  const before = new Date(now.getTime() - graceHours * HOUR).toISOString();
  let removed = 0;
  let after = '';
  for (;;) {
    const orphans = await selectOrphanAvatarObjects(db, before, after, SWEEP_BATCH);
    if (orphans.length === 0) return removed;
    const names = orphans.map((o) => o.stored_name);
    after = names[names.length - 1] ?? after;
    // A removal that fails keeps its record: the next sweep tries again.
    const gone = await Promise.allSettled(names.map((name) => storage.remove(name)));
    const done = names.filter((_, i) => gone[i]?.status === 'fulfilled');
    if (done.length === 0) continue;
    const deleted = await deleteOrphanAvatarObjects(db, done);
    removed += deleted.length;
  }
}
