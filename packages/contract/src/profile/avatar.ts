import { z } from '../common/zod';
import { text } from '../common/input';

/** The sizes (px, square) an avatar is stored in; the header shows the smallest. */
export const AVATAR_SIZES = [64, 128, 256] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

/** The largest image a customer may upload, in megabytes. */
export const AVATAR_MAX_MB = 5;

/** The most pixels an avatar's image may have, in megapixels: a phone's photo, well below a decompression bomb. */
export const AVATAR_MAX_MEGAPIXELS = 24;

/** Spec §3 "Avatar": a map keyed by size (`{"64": url, "128": url, "256": url}`), empty when none. */
export const AvatarSchema = z.object({
  avatars: z.union([z.object({ '64': text(), '128': text(), '256': text() }), z.object({}).strict()]),
});
export type Avatar = z.infer<typeof AvatarSchema>;

/** The image of a given size, or null when the customer has none (the initials are shown then). */
export function avatarUrl(avatar: Avatar | null | undefined, size: AvatarSize): string | null {
  const avatars = avatar?.avatars;
  if (!avatars || !('64' in avatars)) return null;
  return avatars[String(size) as '64' | '128' | '256'];
}

export const avatarMessages = {
  notImage: 'Это не изображение: выберите фото в формате JPEG, PNG, WebP, GIF или AVIF',
  heic: 'Формат HEIC не поддерживается: сохраните фото как JPEG или PNG',
  tooLarge: `Файл больше ${AVATAR_MAX_MB} МБ: выберите фото поменьше`,
  tooManyPixels: `Фото больше ${AVATAR_MAX_MEGAPIXELS} мегапикселей: уменьшите его и загрузите снова`,
  noFile: 'Выберите фото для загрузки',
  uploadBroken: 'Фото не дошло целиком: попробуйте загрузить его ещё раз',
} as const;

/** The ISO-BMFF brands of HEVC-coded HEIF (an iPhone's .heic), major or compatible. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);

/**
 * Whether the bytes begin an HEIC file (HEIF holding HEVC, an iPhone's default): its `ftyp` box
 * names a HEVC brand and no AVIF one. The image libraries we ship cannot decode HEVC (a
 * patent-encumbered codec), so such a file is refused with its own message; an AVIF, the same
 * container with the AV1 codec, is decoded.
 */
export function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const text = (from: number) => String.fromCharCode(...bytes.subarray(from, from + 4));
  if (text(4) !== 'ftyp') return false;
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(size >= 16 ? size : 16, bytes.length);
  // The major brand at 8, a minor version at 12, then the compatible brands.
  const brands = [text(8)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(text(at));
  if (brands.some((b) => b === 'avif' || b === 'avis')) return false;
  return brands.some((b) => HEIC_BRANDS.has(b));
}

/** The name or declared type of a chosen file says HEIC/HEIF (what a browser knows before reading it). */
export function looksLikeHeicFile(name: string, type: string): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(type) || /\.hei[cf]$/i.test(name);
}
