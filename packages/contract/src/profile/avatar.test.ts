import { describe, expect, it } from 'vitest';
import { AvatarSchema, avatarUrl, isHeic, looksLikeHeicFile } from './avatar';

const full = { '64': '/a/64.webp', '128': '/a/128.webp', '256': '/a/256.webp' };

describe('avatar size map', () => {
  it('accepts all three sizes, or none', () => {
    expect(AvatarSchema.parse({ avatars: full })).toEqual({ avatars: full });
    expect(AvatarSchema.parse({ avatars: {} })).toEqual({ avatars: {} });
  });

  it('refuses a map with a size missing or a stray key', () => {
    expect(AvatarSchema.safeParse({ avatars: { '64': '/a/64.webp' } }).success).toBe(false);
    expect(AvatarSchema.safeParse({ avatars: { '32': '/a/32.webp' } }).success).toBe(false);
    expect(AvatarSchema.safeParse({}).success).toBe(false);
  });

  it('picks the URL of a size, or null when there is no avatar', () => {
    expect(avatarUrl({ avatars: full }, 64)).toBe('/a/64.webp');
    expect(avatarUrl({ avatars: full }, 256)).toBe('/a/256.webp');
    expect(avatarUrl({ avatars: {} }, 64)).toBeNull();
    expect(avatarUrl(undefined, 128)).toBeNull();
  });
});

describe('isHeic', () => {
  /** An `ftyp` box: size, «ftyp», the major brand, a minor version, the compatible brands. */
  const ftyp = (major: string, compatible: string[]) => {
    const size = 16 + compatible.length * 4;
    const head = new Uint8Array([0, 0, 0, size]);
    const text = new TextEncoder().encode(`ftyp${major}\0\0\0\0${compatible.join('')}`);
    return new Uint8Array([...head, ...text, ...new Uint8Array(32)]);
  };

  it.each([
    ['an iPhone photo', ftyp('heic', ['mif1', 'heic'])],
    ['a generic HEIF naming HEVC among its brands', ftyp('mif1', ['mif1', 'heic'])],
    ['an HEVC sequence', ftyp('hevc', ['msf1', 'hevc'])],
  ])('knows %s', (_, bytes) => expect(isHeic(bytes)).toBe(true));

  it.each([
    ['an AVIF', ftyp('avif', ['mif1', 'avif', 'miaf'])],
    ['an AVIF whose major brand is generic', ftyp('mif1', ['avif', 'heic'])],
    ['an MP4 video', ftyp('isom', ['isom', 'mp41'])],
    ['a JPEG', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Uint8Array(40)])],
    ['a few bytes', new Uint8Array([0, 0, 0, 24])],
  ])('does not take %s for one', (_, bytes) => expect(isHeic(bytes)).toBe(false));
});

describe('looksLikeHeicFile', () => {
  it('goes by the declared type or the extension', () => {
    expect(looksLikeHeicFile('IMG_0001.HEIC', '')).toBe(true);
    expect(looksLikeHeicFile('photo', 'image/heif')).toBe(true);
    expect(looksLikeHeicFile('photo.jpg', 'image/jpeg')).toBe(false);
    expect(looksLikeHeicFile('photo.avif', 'image/avif')).toBe(false);
  });
});
