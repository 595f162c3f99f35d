import { describe, expect, it } from 'vitest';
import { ReviewRequestSchema, StaffProfileUpdateSchema, authorMessages, ratingOf } from './schemas';

describe("an author's rating", () => {
  it('has no value under three reviews, then the mean to one decimal', () => {
    expect(ratingOf(0, 0)).toEqual({ value: null, count: 0 });
    expect(ratingOf(9, 2)).toEqual({ value: null, count: 2 });
    expect(ratingOf(13, 3)).toEqual({ value: 4.3, count: 3 });
    expect(ratingOf(14, 3)).toEqual({ value: 4.7, count: 3 });
    expect(ratingOf(15, 3)).toEqual({ value: 5, count: 3 });
    expect(ratingOf(7, 4)).toEqual({ value: 1.8, count: 4 });
  });
});

describe('the review and profile requests', () => {
  it('takes a whole rating from 1 to 5 and an optional text up to 2 000 characters, trimmed', () => {
    expect(ReviewRequestSchema.parse({ rating: 5 })).toEqual({ rating: 5, text: '' });
    expect(ReviewRequestSchema.parse({ rating: 1, text: '  Хорошо  ' })).toEqual({
      rating: 1,
      text: 'Хорошо',
    });
    for (const rating of [0, 6, 3.5, '4', null]) {
      const result = ReviewRequestSchema.safeParse({ rating });
      expect(result.success, String(rating)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(authorMessages.ratingRequired);
    }
    expect(ReviewRequestSchema.safeParse({ rating: 4, text: 'я'.repeat(2000) }).success).toBe(true);
    expect(
      ReviewRequestSchema.safeParse({ rating: 4, text: 'я'.repeat(2001) }).error?.issues[0]?.message,
    ).toBe(authorMessages.reviewTooLong);
  });

  it('takes «О себе» up to 500 characters and at most 30 subjects', () => {
    expect(StaffProfileUpdateSchema.safeParse({ about: 'я'.repeat(500), subject_ids: [1, 2] }).success).toBe(
      true,
    );
    expect(
      StaffProfileUpdateSchema.safeParse({ about: 'я'.repeat(501), subject_ids: [] }).error?.issues[0]
        ?.message,
    ).toBe(authorMessages.aboutTooLong);
    const many = Array.from({ length: 31 }, (_, i) => i + 1);
    expect(
      StaffProfileUpdateSchema.safeParse({ about: '', subject_ids: many }).error?.issues[0]?.message,
    ).toBe(authorMessages.tooManySubjects);
  });
});
