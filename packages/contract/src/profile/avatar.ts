import { z } from '../common/zod';

/** The sizes (px, square) an avatar is stored in; the header shows the smallest. */
export const AVATAR_SIZES = [64, 128, 256] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

/** The largest image a customer may upload, in megabytes. */
export const AVATAR_MAX_MB = 5;

/** Spec §3 "Avatar": a map keyed by size (`{"64": url, "128": url, "256": url}`), empty when none. */
export const AvatarSchema = z.object({
  avatars: z.union([
    z.object({ '64': z.string(), '128': z.string(), '256': z.string() }),
    z.object({}).strict(),
  ]),
});
export type Avatar = z.infer<typeof AvatarSchema>;

/** The image of a given size, or null when the customer has none (the initials are shown then). */
export function avatarUrl(avatar: Avatar | null | undefined, size: AvatarSize): string | null {
  const avatars = avatar?.avatars;
  if (!avatars || !('64' in avatars)) return null;
  return avatars[String(size) as '64' | '128' | '256'];
}

export const avatarMessages = {
  notImage: 'Это не изображение: выберите фото в формате JPEG, PNG, WebP, GIF или HEIF',
  tooLarge: `Файл больше ${AVATAR_MAX_MB} МБ: выберите фото поменьше`,
  noFile: 'Выберите фото для загрузки',
  uploadBroken: 'Фото не дошло целиком: попробуйте загрузить его ещё раз',
} as const;
