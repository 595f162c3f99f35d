import { describe, expect, it } from 'vitest';
import { AvatarSchema, avatarUrl } from './avatar';

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
