import type { z } from 'zod';

/** Russian noun form for a count: 1 символ, 2 символа, 5 символов. */
export function russianPlural(n: number, one: string, few: string, many: string): string {
  const tens = Math.abs(n) % 100;
  const units = tens % 10;
  if (tens >= 11 && tens <= 19) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}

// After «не длиннее», «не больше» and the like the noun is genitive: 1 символа, 3 символов.
const symbols = (n: number) => russianPlural(n, 'символа', 'символов', 'символов');
const items = (n: number) => russianPlural(n, 'значения', 'значений', 'значений');

const expectedType: Record<string, string> = {
  number: 'Введите число',
  int: 'Введите целое число',
  bigint: 'Введите целое число',
  nan: 'Введите число',
  string: 'Введите текст',
  boolean: 'Выберите «да» или «нет»',
  date: 'Введите дату',
  array: 'Нужен список значений',
  object: 'Нужен набор полей',
};

const formats: Record<string, string> = {
  email: 'Введите корректный e-mail, например name@example.com',
  url: 'Введите корректную ссылку',
  datetime: 'Введите корректные дату и время',
  date: 'Введите корректную дату',
  time: 'Введите корректное время',
};

const REQUIRED = 'Заполните это поле';
const CHECK = 'Проверьте значение';

/**
 * Zod's messages in Russian, for the fields whose schema sets no message of its own: zod's
 * English defaults («Invalid input: expected number…») reach the customer in a 400 otherwise.
 * Zod's own `ru` locale is half English («ожидалось string») and speaks of types; these speak
 * to a customer filling in a form. Install with `z.config({ localeError: russianZodErrors })`.
 */
export const russianZodErrors: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return REQUIRED;
      return expectedType[issue.expected] ?? CHECK;
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Не длиннее ${max} ${symbols(max)}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Не больше ${max} ${items(max)}`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive ? `Не больше ${max}` : `Меньше ${max}`;
      return CHECK;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? REQUIRED : `Не короче ${min} ${symbols(min)}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? 'Выберите хотя бы одно значение' : `Не меньше ${min} ${items(min)}`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive ? `Не меньше ${min}` : `Больше ${min}`;
      return CHECK;
    }
    case 'invalid_format':
      return formats[issue.format] ?? 'Неверный формат';
    case 'invalid_value':
      return `Выберите одно из значений: ${issue.values.map(String).join(', ')}`;
    case 'not_multiple_of':
      return `Значение должно быть кратно ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Лишние поля: ${issue.keys.join(', ')}`;
    default:
      return CHECK;
  }
};
