import { describe, expect, it } from 'vitest';

describe('jsdom environment', () => {
  it('has localStorage', () => {
    localStorage.setItem('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
  });
});
