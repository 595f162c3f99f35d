import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { russianPlural, russianZodErrors } from './zod-russian';

/** The message zod gives for the first issue, with our map as the locale. */
function messageOf(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input, { error: russianZodErrors });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('russianZodErrors', () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ['a missing field', z.object({ page: z.number() }), {}, 'Заполните это поле'],
    ['a string for a number', z.number(), 'ten', 'Введите число'],
    ['NaN from a coerced number', z.coerce.number(), 'abc', 'Введите число'],
    ['a number for a string', z.string(), 5, 'Введите текст'],
    ['a word for a boolean', z.boolean(), 'yes', 'Выберите «да» или «нет»'],
    ['a too long string', z.string().max(5), 'abcdefg', 'Не длиннее 5 символов'],
    ['a too long string, 1', z.string().max(1), 'ab', 'Не длиннее 1 символа'],
    ['a too long string, 21', z.string().max(21), 'a'.repeat(22), 'Не длиннее 21 символа'],
    ['a too long string, 512', z.string().max(512), 'a'.repeat(513), 'Не длиннее 512 символов'],
    ['an empty required string', z.string().min(1), '', 'Заполните это поле'],
    ['a too short string', z.string().min(3), 'ab', 'Не короче 3 символов'],
    ['a too big number', z.number().max(100), 101, 'Не больше 100'],
    ['a too small number', z.number().int().positive(), 0, 'Больше 0'],
    ['a fraction for an integer', z.number().int(), 1.5, 'Введите целое число'],
    ['too many values', z.array(z.number()).max(2), [1, 2, 3], 'Не больше 2 значений'],
    ['an empty list', z.array(z.number()).min(1), [], 'Выберите хотя бы одно значение'],
    ['a bad e-mail', z.email(), 'nope', 'Введите корректный e-mail, например name@example.com'],
    ['a bad link', z.url(), 'nope', 'Введите корректную ссылку'],
    ['a bad option', z.enum(['active', 'done']), 'x', 'Выберите одно из значений: active, done'],
    ['an unknown field', z.strictObject({}), { a: 1 }, 'Лишние поля: a'],
  ])('speaks Russian about %s', (_name, schema, input, message) => {
    expect(messageOf(schema, input)).toBe(message);
  });

  it('leaves a message set by the schema alone', () => {
    expect(messageOf(z.string().max(2, 'Своё сообщение'), 'abc')).toBe('Своё сообщение');
  });

  it('never answers in English', () => {
    const schema = z.object({
      a: z.number(),
      b: z.string().regex(/^x$/),
      c: z.union([z.number(), z.boolean()]),
      d: z.string().refine(() => false),
      e: z.record(z.string().max(1), z.number()),
      f: z.number().multipleOf(5),
    });
    const result = schema.safeParse(
      { a: 'x', b: 'y', c: 'z', d: 'w', e: { long: 'v' }, f: 7 },
      { error: russianZodErrors },
    );
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages.length).toBeGreaterThanOrEqual(6);
    for (const m of messages) expect(m).toMatch(/^[А-ЯЁ]/);
  });
});

describe('russianPlural', () => {
  it.each([
    [1, 'файл'],
    [2, 'файла'],
    [5, 'файлов'],
    [11, 'файлов'],
    [12, 'файлов'],
    [21, 'файл'],
    [22, 'файла'],
    [111, 'файлов'],
    [0, 'файлов'],
  ])('%i %s', (n, word) => {
    expect(russianPlural(n, 'файл', 'файла', 'файлов')).toBe(word);
  });
});
